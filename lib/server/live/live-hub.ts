import "server-only";
import { remember } from "@epic-web/remember";
import { signedInRoles } from "@/lib/server/auth/session-store";
import { log } from "@/lib/server/log";
import { type LiveEvent, lastLiveEventId, pruneLiveEvents, readLiveEventsAfter } from "./live-event-store";
import { startListening, stopListening } from "./live-listener";

export type Subscriber = {
  /** Its session's id (sessionId()): the stream ends when the session does. */
  sessionId: string;
  admin: boolean;
  deliver: (event: LiveEvent) => void;
  /** Bytes of events its client has not taken yet. */
  queued: () => number;
  end: () => void;
};

type Hub = {
  subscribers: Set<Subscriber>;
  /** The last event handed to the subscribers: every later one is read from the table, in order. */
  lastId?: string;
  started?: Promise<void>;
  reading?: Promise<void>;
  readAgain: boolean;
  prune?: NodeJS.Timeout;
  sessionCheck?: NodeJS.Timeout;
  /** Set on shutdown: nothing starts again. */
  stopped?: boolean;
};

// Under the second within which a stream must end with its session.
const SESSION_CHECK_MS = 500;
const READ_BATCH = 500;
const hub = () => remember("live-hub", (): Hub => ({ subscribers: new Set(), readAgain: false }));

async function readNew(current: Hub): Promise<void> {
  for (;;) {
    const events = await readLiveEventsAfter(current.lastId ?? "0", READ_BATCH);
    for (const event of events) {
      current.lastId = event.id;
      for (const subscriber of current.subscribers)
        if (subscriber.admin || !event.adminsOnly) subscriber.deliver(event);
    }
    if (events.length < READ_BATCH) return;
  }
}

/** Reads what is new in the table; a call while a read runs makes it read once more after. */
export function wakeLiveHub(): void {
  const current = hub();
  if (current.lastId === undefined) return;
  if (current.reading) {
    current.readAgain = true;
    return;
  }
  current.reading = (async () => {
    do {
      current.readAgain = false;
      await readNew(current).catch((error: unknown) => log.warn("live_read_failed", { error: String(error) }));
    } while (current.readAgain);
    // In the same step as the last check, not in a finally a few microtasks on, where a wake would be lost.
    current.reading = undefined;
  })();
}

/**
 * Ends the streams whose session has ended (signed out, expired, the account removed, its role changed, a back-channel
 * logout), within a second: one read for all of this process's streams. A failed read ends none.
 */
async function endStreamsOfEndedSessions(current: Hub): Promise<void> {
  // Only the streams whose sessions were read: one that opens during the read is not in it, and is not ended for that.
  const checked = [...current.subscribers];
  const ids = [...new Set(checked.map((subscriber) => subscriber.sessionId))];
  if (ids.length === 0) return;
  const roles = await signedInRoles(ids);
  for (const subscriber of checked) {
    const role = roles.get(subscriber.sessionId);
    if (role === undefined || (role === "admin") !== subscriber.admin) subscriber.end();
  }
}

/** Starts listening at the first subscriber; resolves with the id of the last event before it. */
export async function subscribe(subscriber: Subscriber): Promise<string> {
  const current = hub();
  current.started ??= (async () => {
    current.lastId = await lastLiveEventId();
    // Streams are refused once the shutdown has begun; one that was let in just before starts nothing.
    if (current.stopped) return;
    // Events written by other processes arrive through it (live-listener.ts); this process's own wake the hub at once.
    startListening(wakeLiveHub);
    current.prune = setInterval(() => void pruneLiveEvents().catch(() => undefined), 60_000).unref();
    current.sessionCheck = setInterval(
      () => void endStreamsOfEndedSessions(current).catch(() => undefined),
      SESSION_CHECK_MS,
    ).unref();
  })().catch((error: unknown) => {
    current.started = undefined;
    throw error;
  });
  await current.started;
  // Up to the table's end first: a new stream starts after the last event written, not the last this process read.
  wakeLiveHub();
  await current.reading;
  current.subscribers.add(subscriber);
  return current.lastId ?? "0";
}

export function unsubscribe(subscriber: Subscriber): void {
  hub().subscribers.delete(subscriber);
}

export const openStreams = (): number => hub().subscribers.size;

/** What this process's streams hold for clients that have not taken it yet, in bytes; read at each metrics scrape. */
export function queuedStreamBytes(): number {
  let bytes = 0;
  for (const subscriber of hub().subscribers) bytes += subscriber.queued();
  return bytes;
}

/** Ends every stream, so that each browser reconnects, through the balancer, to a replica that is not stopping. */
export function endLiveStreams(): void {
  for (const subscriber of hub().subscribers) subscriber.end();
}

/**
 * On shutdown, after endLiveStreams: every interval and timer stopped and the listening connection closed, so that
 * nothing of the hub keeps the process running or a connection open.
 */
export async function stopLiveHub(): Promise<void> {
  const current = hub();
  current.stopped = true;
  clearInterval(current.prune);
  clearInterval(current.sessionCheck);
  current.prune = current.sessionCheck = undefined;
  await stopListening();
}
