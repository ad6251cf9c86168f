/** An event of a text/event-stream, as a browser's EventSource would see it. */
export type StreamEvent = { id?: string; event: string; data: string };

export type EventStreamReader = {
  response: Response;
  /** Resolves with the next `count` events (comments and `retry:` lines are not events). */
  next(count?: number, timeoutMs?: number): Promise<StreamEvent[]>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** Everything received so far, as text. */
  text(): string;
  close(): void;
};

/** Opens GET `url` and parses its stream; a response that is not a stream is returned as it is, unread. */
export async function openEventStream(url: string, headers: Record<string, string>): Promise<EventStreamReader> {
  const abort = new AbortController();
  const response = await fetch(url, { headers, signal: abort.signal });
  let received = "";
  let parsed = 0;
  const events: StreamEvent[] = [];
  const waiting = new Set<() => void>();
  const reading = (async () => {
    if (!response.body || !response.headers.get("content-type")?.startsWith("text/event-stream")) return;
    const decoder = new TextDecoder();
    for await (const chunk of response.body) {
      received += decoder.decode(chunk, { stream: true });
      const blocks = received.split("\n\n");
      for (const block of blocks.slice(parsed, -1)) {
        parsed += 1;
        const fields = block.split("\n").filter((line) => line && !line.startsWith(":"));
        const field = (name: string) =>
          fields.filter((line) => line.startsWith(`${name}: `)).map((line) => line.slice(name.length + 2));
        if (!fields.some((line) => line.startsWith("data: "))) continue;
        events.push({ id: field("id")[0], event: field("event")[0] ?? "message", data: field("data").join("\n") });
      }
      for (const wake of waiting) wake();
    }
  })().catch(() => undefined);
  let taken = 0;
  return {
    response,
    async next(count = 1, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (events.length < taken + count) {
        if (Date.now() > until) throw new Error(`${events.length - taken} of ${count} events in ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiting.delete(wake);
            resolve();
          };
          waiting.add(wake);
          setTimeout(wake, 100);
        });
      }
      taken += count;
      return events.slice(taken - count, taken);
    },
    ended: reading,
    text: () => received,
    close: () => {
      abort.abort();
    },
  };
}
