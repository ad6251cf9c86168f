import "server-only";
import { sessionId } from "@/lib/server/auth/session-store";
import type { SessionUser } from "@/lib/server/auth/roles";
import { getConfig } from "@/lib/server/config/config";
import { log } from "@/lib/server/log";
import { appMetrics } from "@/lib/server/metrics/app-metrics";
import { LIVE_RETRY_MS } from "@/lib/shared/live-events";
import { type LiveEvent, canReplayFrom, readLiveEventsBetween } from "./live-event-store";
import { type Subscriber, subscribe, unsubscribe } from "./live-hub";
import { startServiceWatcher } from "./service-watcher";
import { countStream } from "./stream-count";
import { streamOutput } from "./stream-output";
import { errorMessage } from "@/lib/shared/error-message";

// Proxies close a connection idle for a minute or so; a comment line is sent well within that.
const KEEP_ALIVE_MS = 15_000;
// A reconnecting client's missed events are read this many at a time, each page as the client takes the last.
const REPLAY_PAGE = 500;
const encoder = new TextEncoder();

function frame({ id, type, data }: Pick<LiveEvent, "id" | "type" | "data">): Uint8Array {
  appMetrics().liveEventsSent.inc({ type });
  return encoder.encode(`id: ${id}\nevent: ${type}\ndata: ${data}\n\n`);
}

/**
 * A Server-Sent Events response: what the client missed since `lastEventId` (or `resync` when that cannot be told),
 * then every new event it may see, and a comment line now and then so that proxies keep it open. A client that falls
 * LIVE_STREAM_BUFFER_KIB behind is cut off; it reconnects with the last id it received and gets the rest then.
 */
export async function eventStream(
  user: SessionUser,
  sessionToken: string,
  lastEventId: string | null,
  signal: AbortSignal,
): Promise<Response> {
  const session = sessionId(sessionToken);
  const release = countStream(session);
  const limit = getConfig().live.streamBufferBytes;
  const admin = user.role === "admin";
  let sentId = "0";
  // Events that arrive while the stream catches up with what its client missed: sent after that, in order.
  let held: LiveEvent[] | undefined = [];
  let heldBytes = 0;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    signal.removeEventListener("abort", close);
    clearInterval(keepAlive);
    unsubscribe(subscriber);
    release();
    // After what is queued; nothing when the output has ended already (cut off, or its client gone).
    output.close();
  };
  const output = streamOutput(limit, (how) => {
    if (how === "cut") appMetrics().liveStreamsCut.inc();
    close();
  });
  const send = (event: LiveEvent) => {
    if (BigInt(event.id) <= BigInt(sentId) || (event.adminsOnly && !admin)) return;
    sentId = event.id;
    output.write(frame(event));
  };
  const subscriber: Subscriber = {
    sessionId: session,
    admin,
    deliver: (event) => {
      if (!held) return send(event);
      held.push(event);
      heldBytes += event.data.length;
      // Held or queued, it is what the client has not taken: one limit for both.
      if (heldBytes + output.queued() > limit) output.cut();
    },
    queued: () => output.queued() + heldBytes,
    end: close,
  };
  output.write(encoder.encode(`retry: ${LIVE_RETRY_MS}\n: connected\n\n`));
  const keepAlive = setInterval(() => output.write(encoder.encode(": keep-alive\n\n")), KEEP_ALIVE_MS);
  signal.addEventListener("abort", close);
  let replayFrom: string | undefined;
  try {
    const upTo = await subscribe(subscriber);
    // A client gone during the read closed the stream before it had joined: leave again.
    if (signal.aborted) close();
    startServiceWatcher();
    sentId = upTo;
    if (lastEventId !== null && lastEventId !== upTo) {
      if (await canReplayFrom(lastEventId)) replayFrom = lastEventId;
      else output.write(frame({ id: upTo, type: "resync", data: "{}" }));
    }
  } catch (error) {
    close();
    throw error;
  }

  /** What the client missed, a page at a time as it reads, then what arrived meanwhile. */
  const catchUp = async (upTo: string) => {
    if (replayFrom !== undefined) {
      sentId = replayFrom;
      for (let after: string | undefined = replayFrom; after !== undefined && !closed; ) {
        const page = await readLiveEventsBetween(after, upTo, REPLAY_PAGE);
        for (const event of page) {
          await output.room();
          if (closed) return;
          send(event);
        }
        after = page.length === REPLAY_PAGE ? page.at(-1)?.id : undefined;
      }
      // Every event up to there is sent, or is not for this client.
      if (BigInt(sentId) < BigInt(upTo)) sentId = upTo;
    }
    // Paced too; what arrives meanwhile joins the end, and is sent in this loop as well.
    const arrived = held ?? [];
    for (let index = 0; index < arrived.length; index++) {
      await output.room();
      if (closed) return;
      const event = arrived[index]!;
      heldBytes -= event.data.length;
      send(event);
    }
    held = undefined;
    heldBytes = 0;
    // An id without data sets the browser's last event id and dispatches nothing: a client that reconnects before its
    // first event still says where it was, and gets what it missed meanwhile.
    if (sentId !== lastEventId) output.write(encoder.encode(`id: ${sentId}\n\n`));
  };
  void catchUp(sentId).catch((error: unknown) => {
    // The client reconnects with the last id it received, and is given the rest then.
    log.warn("live_replay_failed", { error: errorMessage(error) });
    output.cut();
  });
  return new Response(output.body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    },
  });
}
