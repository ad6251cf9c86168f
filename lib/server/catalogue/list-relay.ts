import "server-only";
import type { IncomingMessage } from "node:http";
import { log } from "@/lib/server/log";

/** A list that passed the schema, as the service sent it. */
export type CheckedList = { bytes: Buffer; etag: string };

/** The checked list a reply is repeating: its bytes, handed on as far as the reply has matched them. */
export type RelayedList = CheckedList & { body(): ReadableStream<Uint8Array> };

// Pieces of 1 MiB (or the rest): Next writes, and gzip flushes, once per piece, and 64 KiB pieces cost a quarter of the
// compression. Views, not copies: a Uint8Array body would be copied whole first (10 MB at 100,000 items).
const PIECE_BYTES = 1024 * 1024;

/** A whole list's bytes as a body. */
export function piecesOf(bytes: Buffer): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.byteLength) return controller.close();
      controller.enqueue(bytes.subarray(offset, (offset += PIECE_BYTES)));
    },
  });
}

/**
 * Passes on an unchanged list while it is still arriving, so a read costs the service's time rather than that and a
 * second send. A reply that declares the length of the last checked list is compared with it chunk by chunk, and
 * readers get the checked list's bytes as far as the reply has matched them. Bytes that were not checked are never
 * sent: a reply that stops matching (the list changed at the same length, or the service broke off) breaks off the
 * answers already under way, as any proxy's are when its upstream fails midway. Readers who come after that wait for
 * the read's outcome, which checks the reply whole.
 */
export function createListRelay(requestId: string) {
  let repeating: CheckedList | undefined;
  let matched = 0;
  let ended: "complete" | Error | undefined;
  let announce!: (list: RelayedList | undefined) => void;
  const relayed = new Promise<RelayedList | undefined>((resolve) => (announce = resolve));
  let progressed!: () => void;
  let progress = nextProgress();

  function nextProgress(): Promise<void> {
    return new Promise((resolve) => (progressed = resolve));
  }
  function advance(): void {
    const wake = progressed;
    progress = nextProgress();
    wake();
  }
  function end(how: "complete" | Error): void {
    if (ended) return;
    ended = how;
    if (how instanceof Error)
      log.warn("list_relay_broken_off", { requestId, reason: how.message, matchedBytes: matched });
    advance();
  }

  function body(bytes: Buffer): ReadableStream<Uint8Array> {
    let sent = 0;
    return new ReadableStream({
      async pull(controller) {
        while (!ended && matched - sent < PIECE_BYTES) await progress;
        if (ended instanceof Error) return controller.error(ended);
        if (sent === bytes.byteLength) return controller.close();
        const upTo = Math.min(matched, sent + PIECE_BYTES);
        controller.enqueue(bytes.subarray(sent, upTo));
        sent = upTo;
      },
    });
  }

  return {
    /** Known at the reply's headers: the checked list, while the reply is repeating it. */
    relayed: (): Promise<RelayedList | undefined> => (ended instanceof Error ? Promise.resolve(undefined) : relayed),
    /** Whether any reply was passed on: if the read then fails, what it was compared with can no longer be trusted. */
    relaying: () => repeating !== undefined,

    /** Each response of the read (a retried GET has two); `checked` is the last list that passed the schema. */
    follow(response: IncomingMessage, checked: CheckedList | undefined): void {
      const repeats =
        checked !== undefined &&
        response.statusCode === 200 &&
        Number(response.headers["content-length"]) === checked.bytes.byteLength;
      if (!repeats) {
        if (repeating) end(new Error("the retried reply is not the list being passed on"));
        return;
      }
      repeating = checked;
      announce({ ...checked, body: () => body(checked.bytes) });
      // A retried reply is compared from its start again; readers move on once it passes what the first one matched.
      let at = 0;
      response.on("data", (chunk: Buffer) => {
        if (ended) return;
        if (!chunk.equals(checked.bytes.subarray(at, at + chunk.byteLength)))
          return end(new Error("the list changed while it was passed on"));
        at += chunk.byteLength;
        if (at <= matched) return;
        matched = at;
        // Every byte of the declared length matched: this reply is the checked list, whatever else the read does now.
        if (matched === checked.bytes.byteLength) end("complete");
        else advance();
      });
    },

    /** Once the read has ended, however it ended. */
    settle(): void {
      announce(undefined);
      if (repeating) end(new Error("the read ended before the list being passed on had arrived"));
    },
  };
}

export type ListRelay = ReturnType<typeof createListRelay>;
