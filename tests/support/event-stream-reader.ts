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
  /** The last `id:` received, with an event or alone, as a browser keeps it for Last-Event-ID. */
  lastEventId(): string | undefined;
  close(): void;
};

/**
 * Opens GET `url` and parses its stream; a response that is not a stream is returned as it is, unread. `onEvent` hears
 * each event as it arrives.
 */
export async function openEventStream(
  url: string,
  headers: Record<string, string>,
  onEvent?: (event: StreamEvent) => void,
): Promise<EventStreamReader> {
  const abort = new AbortController();
  const response = await fetch(url, { headers, signal: abort.signal });
  let received = "";
  // Only what is not yet a whole block is split: splitting all that was received at each chunk would keep a copy of it
  // per chunk (the parts point into it) and run out of memory over a few MiB.
  let pending = "";
  const events: StreamEvent[] = [];
  let lastEventId: string | undefined;
  const waiting = new Set<() => void>();
  const reading = (async () => {
    if (!response.body || !response.headers.get("content-type")?.startsWith("text/event-stream")) return;
    const decoder = new TextDecoder();
    for await (const chunk of response.body) {
      const text = decoder.decode(chunk, { stream: true });
      received += text;
      const blocks = (pending + text).split("\n\n");
      pending = blocks.pop() ?? "";
      for (const block of blocks) {
        const fields = block.split("\n").filter((line) => line && !line.startsWith(":"));
        const field = (name: string) =>
          fields.filter((line) => line.startsWith(`${name}: `)).map((line) => line.slice(name.length + 2));
        lastEventId = field("id")[0] ?? lastEventId;
        if (!fields.some((line) => line.startsWith("data: "))) continue;
        const event = { id: field("id")[0], event: field("event")[0] ?? "message", data: field("data").join("\n") };
        events.push(event);
        onEvent?.(event);
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
    lastEventId: () => lastEventId,
    close: () => {
      abort.abort();
    },
  };
}

export type FollowedStream = {
  /** Every event received, over every connection. */
  events: StreamEvent[];
  /** The status of each attempt to connect: 0 when the request failed. */
  statuses: number[];
  close(): void;
};

/**
 * Follows a stream as a browser's EventSource does: when it ends or cannot be opened, opens it again after `retryMs`
 * with the last id received as Last-Event-ID.
 */
export function followEventStream(url: string, headers: Record<string, string>, retryMs = 200): FollowedStream {
  const followed: FollowedStream = { events: [], statuses: [], close: () => undefined };
  let stopped = false;
  let current: EventStreamReader | undefined;
  let lastEventId: string | undefined;
  followed.close = () => {
    stopped = true;
    current?.close();
  };
  void (async () => {
    while (!stopped) {
      try {
        current = await openEventStream(
          url,
          { ...headers, ...(lastEventId !== undefined && { "last-event-id": lastEventId }) },
          (event) => followed.events.push(event),
        );
        followed.statuses.push(current.response.status);
        if (current.response.status !== 200) await current.response.body?.cancel();
        await current.ended;
        lastEventId = current.lastEventId() ?? lastEventId;
      } catch {
        followed.statuses.push(0);
      }
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  })();
  return followed;
}
