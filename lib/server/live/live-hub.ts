import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { remember } from "@epic-web/remember";
import pg from "pg";
import { signedInRoles } from "@/lib/server/auth/session-store";
import { getConfig } from "@/lib/server/config/config";
import { query } from "@/lib/server/db/database";
import { log } from "@/lib/server/log";
import {
  LIVE_CHANNEL,
  type LiveEvent,
  lastLiveEventId,
  pruneLiveEvents,
  readLiveEventsAfter,
} from "./live-event-store";

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
  listener?: pg.Client;
  /** Set while NOTIFY is not delivered (the embedded database): the table is read every second instead. */
  poll?: NodeJS.Timeout;
  prune?: NodeJS.Timeout;
  sessionCheck?: NodeJS.Timeout;
  /** The next attempt to listen again, after a failure or a drop. */
  retry?: NodeJS.Timeout;
  /** Set on shutdown: nothing starts again. */
  stopped?: boolean;
};

const POLL_MS = 1_000;
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
 * One connection outside the pool that LISTENs, so that events written by other processes arrive at once; after a drop
 * it connects again and reads what it missed from the table. On a server that does not deliver NOTIFY over its socket
 * (the embedded database), the table is read every second instead (decision 034).
 */
async function listen(current: Hub): Promise<void> {
  const client = new pg.Client({
    connectionString: getConfig().database.url,
    application_name: "categories-admin-live",
  });
  let probed: () => void = () => undefined;
  const probe = new Promise<void>((resolve) => (probed = resolve));
  client.on("notification", ({ payload }) => (payload === "probe" ? probed() : wakeLiveHub()));
  client.on("error", () => undefined);
  client.on("end", () => {
    if (current.listener !== client) return;
    current.listener = undefined;
    retryListening(current, POLL_MS);
  });
  try {
    await client.connect();
    await client.query(`LISTEN ${LIVE_CHANNEL}`);
  } catch (error) {
    // Connected or not, it is ended here: each retry makes a new one, and this one would stay open past the budget.
    void client.end().catch(() => undefined);
    throw error;
  }
  if (current.stopped) return void client.end().catch(() => undefined);
  current.listener = client;
  // Sent from the pool, not from this connection: the embedded database delivers a NOTIFY only to the sender's socket.
  await query(`SELECT pg_notify('${LIVE_CHANNEL}', 'probe')`);
  const delivered = await Promise.race([probe.then(() => true), sleep(POLL_MS, false)]);
  if (current.stopped) return;
  if (delivered) {
    clearInterval(current.poll);
    current.poll = undefined;
  } else current.poll ??= setInterval(wakeLiveHub, POLL_MS).unref();
  wakeLiveHub();
}

function retryListening(current: Hub, afterMs: number): void {
  clearTimeout(current.retry);
  current.retry = setTimeout(() => {
    current.retry = undefined;
    if (!current.listener && !current.stopped) connectListener(current);
  }, afterMs).unref();
}

function connectListener(current: Hub): void {
  listen(current).catch((error: unknown) => {
    log.warn("live_listen_failed", { error: error instanceof Error ? error.message : String(error) });
    if (current.stopped) return;
    // Meanwhile the table is read every second.
    current.poll ??= setInterval(wakeLiveHub, POLL_MS).unref();
    retryListening(current, POLL_MS * 5);
  });
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
    connectListener(current);
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
  for (const interval of [current.poll, current.prune, current.sessionCheck]) clearInterval(interval);
  clearTimeout(current.retry);
  current.poll = current.prune = current.sessionCheck = current.retry = undefined;
  const listener = current.listener;
  current.listener = undefined;
  // Bounded: with the database gone, ending it could wait for a socket that never answers.
  if (listener) await Promise.race([listener.end().catch(() => undefined), sleep(1_000, undefined, { ref: false })]);
}
