import "server-only";

/** What a stream has queued for its client and not yet handed to the response, kept under a limit. */
export type StreamOutput = {
  body: ReadableStream<Uint8Array>;
  /** Queues `bytes`; when that would pass the limit, cuts the stream instead (see streamOutput). */
  write(bytes: Uint8Array): void;
  /** Bytes queued now; 0 once ended. */
  queued(): number;
  /** Resolves once the client has taken the queue down to half the limit, or the stream has ended. */
  room(): Promise<void>;
  /** Ends the stream after what is queued. */
  close(): void;
  /** Ends it at once: what is queued is dropped, and the response is cut off. */
  cut(): void;
};

// Its name tells Next that the response ended on purpose (pipe-readable.js): it is cut off without an error logged.
const cutOff = () => new DOMException("the client fell behind", "AbortError");

/**
 * A stream's body with a byte-length queue of at most `limitBytes`. A client that stops reading while events are
 * sent would otherwise make the queue grow for as long as its session lasts: once the next write would pass the limit,
 * the queue is dropped and the response cut off, and `onEnd` is called. One write larger than the whole limit into an
 * empty queue still goes through: an event the client cannot take in one piece must not cut it off again and again.
 * `onEnd` is called too when the client goes away.
 */
export function streamOutput(limitBytes: number, onEnd: (how: "cut" | "gone") => void): StreamOutput {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let ended = false;
  const waiting: (() => void)[] = [];
  const wake = () => {
    for (const resume of waiting.splice(0)) resume();
  };
  const queued = () => (ended ? 0 : limitBytes - (controller.desiredSize ?? limitBytes));
  const end = (how?: "cut" | "gone") => {
    if (ended) return false;
    ended = true;
    wake();
    if (how) onEnd(how);
    return true;
  };
  const output: StreamOutput = {
    body: new ReadableStream<Uint8Array>(
      {
        start: (c) => void (controller = c),
        pull: () => {
          if (queued() <= limitBytes / 2) wake();
        },
        cancel: () => void end("gone"),
      },
      new ByteLengthQueuingStrategy({ highWaterMark: limitBytes }),
    ),
    write(bytes) {
      if (ended) return;
      const before = queued();
      if (before > 0 && before + bytes.byteLength > limitBytes) return output.cut();
      controller.enqueue(bytes);
    },
    queued,
    room: () =>
      ended || queued() <= limitBytes / 2 ? Promise.resolve() : new Promise((resume) => waiting.push(resume)),
    close() {
      if (end()) controller.close();
    },
    cut() {
      // Errored, the stream drops its queue at once; Next then ends the response without its last chunk, which a
      // browser takes as a dropped connection: it reconnects with the last id it received and misses nothing.
      if (end("cut")) controller.error(cutOff());
    },
  };
  return output;
}
