import "server-only";
import { remember } from "@epic-web/remember";
import { sessionId } from "@/lib/server/auth/session-store";
import { getConfig } from "@/lib/server/config/config";
import { isShuttingDown } from "@/lib/server/http/shutting-down";
import type { SessionUser } from "@/lib/server/auth/roles";
import { appMetrics } from "@/lib/server/metrics/app-metrics";
import { AppError } from "@/lib/shared/app-error";
import { LIVE_RETRY_MS } from "@/lib/shared/live-events";
import { type LiveEvent, missedSince } from "./live-event-store";
import { type Subscriber, subscribe, unsubscribe } from "./live-hub";
import { startServiceWatcher } from "./service-watcher";

// Proxies close a connection idle for a minute or so; a comment line is sent well within that.
const KEEP_ALIVE_MS = 15_000;
// Streams open per session, by its id (and so in all, their sum): one count per process, however many copies the build
// makes.
const perSession = () => remember("live-streams-per-session", () => new Map<string, number>());
const encoder = new TextEncoder();

function frame({ id, type, data }: Pick<LiveEvent, "id" | "type" | "data">): Uint8Array {
  appMetrics().liveEventsSent.inc({ type });
  return encoder.encode(`id: ${id}\nevent: ${type}\ndata: ${data}\n\n`);
}

function countStream(sessionKey: string): () => void {
  const { maxStreams, maxStreamsPerSession } = getConfig().live;
  const counts = perSession();
  // Counted here, in the same step as the check: a stream joins the hub only after a read, so the hub's count would let
  // streams opened together past the limit.
  const admitted = [...counts.values()].reduce((sum, open) => sum + open, 0);
  if (admitted >= maxStreams || isShuttingDown())
    throw new AppError(503, "busy", "This server cannot take another live stream now. Try again shortly.", undefined, {
      headers: { "retry-after": "5" },
    });
  const open = counts.get(sessionKey) ?? 0;
  if (open >= maxStreamsPerSession)
    throw new AppError(429, "too_many_streams", `This session already has ${open} live streams open; close a tab.`);
  counts.set(sessionKey, open + 1);
  appMetrics().liveStreams.inc();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    appMetrics().liveStreams.dec();
    const left = (counts.get(sessionKey) ?? 1) - 1;
    if (left > 0) counts.set(sessionKey, left);
    else counts.delete(sessionKey);
  };
}

/**
 * A Server-Sent Events response: what the client missed since `lastEventId` (or `resync` when that cannot be told),
 * then every new event it may see, and a comment line now and then so that proxies keep it open.
 */
export async function eventStream(
  user: SessionUser,
  sessionToken: string,
  lastEventId: string | null,
  signal: AbortSignal,
): Promise<Response> {
  const session = sessionId(sessionToken);
  const release = countStream(session);
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let sentId = "0";
  let held: LiveEvent[] | undefined = [];
  const write = (text: Uint8Array) => {
    try {
      controller.enqueue(text);
    } catch {
      // The client has gone; close() follows.
    }
  };
  const send = (event: LiveEvent) => {
    if (BigInt(event.id) <= BigInt(sentId)) return;
    sentId = event.id;
    write(frame(event));
  };
  const subscriber: Subscriber = {
    sessionId: session,
    admin: user.role === "admin",
    deliver: (event) => (held ? held.push(event) : send(event)),
    end: () => {
      close();
      try {
        controller.close();
      } catch {
        // Closed already.
      }
    },
  };
  let keepAlive: NodeJS.Timeout | undefined;
  const close = () => {
    signal.removeEventListener("abort", close);
    clearInterval(keepAlive);
    unsubscribe(subscriber);
    release();
  };
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
      write(encoder.encode(`retry: ${LIVE_RETRY_MS}\n: connected\n\n`));
      keepAlive = setInterval(() => write(encoder.encode(": keep-alive\n\n")), KEEP_ALIVE_MS);
    },
    cancel: close,
  });
  signal.addEventListener("abort", close);
  try {
    const upTo = await subscribe(subscriber);
    // A client gone during the read closed the stream before it had joined: leave again.
    if (signal.aborted) close();
    startServiceWatcher();
    sentId = upTo;
    if (lastEventId !== null) {
      const missed = await missedSince(lastEventId, upTo);
      if (missed === undefined) write(frame({ id: upTo, type: "resync", data: "{}" }));
      else {
        sentId = lastEventId;
        for (const event of missed) send(event);
        if (BigInt(sentId) < BigInt(upTo)) sentId = upTo;
      }
    }
    for (const event of held) send(event);
    held = undefined;
    // An id without data sets the browser's last event id and dispatches nothing: a client that reconnects before its
    // first event still says where it was, and gets what it missed meanwhile.
    if (sentId !== lastEventId) write(encoder.encode(`id: ${sentId}\n\n`));
  } catch (error) {
    close();
    throw error;
  }
  return new Response(body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    },
  });
}
