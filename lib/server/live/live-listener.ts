import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { remember } from "@epic-web/remember";
import pg from "pg";
import { getConfig } from "@/lib/server/config/config";
import { query } from "@/lib/server/db/database";
import { log } from "@/lib/server/log";
import { LIVE_CHANNEL } from "./live-event-store";
import { errorMessage } from "@/lib/shared/error-message";

type Listener = {
  /** Called for each NOTIFY, and every second while NOTIFY is not delivered. */
  wake: () => void;
  client?: pg.Client;
  /** Set while NOTIFY is not delivered (the embedded database): the table is read every second instead. */
  poll?: NodeJS.Timeout;
  /** The next attempt to listen again, after a failure or a drop. */
  retry?: NodeJS.Timeout;
  started: boolean;
  /** Set on shutdown: nothing starts again. */
  stopped: boolean;
};

const POLL_MS = 1_000;
const state = () =>
  remember("live-listener", (): Listener => ({ wake: () => undefined, started: false, stopped: false }));

/**
 * One connection outside the pool that LISTENs, so that events written by other processes arrive at once; after a drop
 * it connects again and reads what it missed from the table. On a server that does not deliver NOTIFY over its socket
 * (the embedded database), the table is read every second instead (decision 034).
 */
async function listen(current: Listener): Promise<void> {
  const client = new pg.Client({
    connectionString: getConfig().database.url,
    application_name: "categories-admin-live",
  });
  let probed: () => void = () => undefined;
  const probe = new Promise<void>((resolve) => (probed = resolve));
  client.on("notification", ({ payload }) => (payload === "probe" ? probed() : current.wake()));
  client.on("error", () => undefined);
  client.on("end", () => {
    if (current.client !== client) return;
    current.client = undefined;
    retry(current, POLL_MS);
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
  current.client = client;
  // Sent from the pool, not from this connection: the embedded database delivers a NOTIFY only to the sender's socket.
  await query(`SELECT pg_notify('${LIVE_CHANNEL}', 'probe')`);
  const delivered = await Promise.race([probe.then(() => true), sleep(POLL_MS, false)]);
  if (current.stopped) return;
  if (delivered) {
    clearInterval(current.poll);
    current.poll = undefined;
  } else current.poll ??= setInterval(() => current.wake(), POLL_MS).unref();
  current.wake();
}

function retry(current: Listener, afterMs: number): void {
  clearTimeout(current.retry);
  current.retry = setTimeout(() => {
    current.retry = undefined;
    if (!current.client && !current.stopped) connect(current);
  }, afterMs).unref();
}

function connect(current: Listener): void {
  listen(current).catch((error: unknown) => {
    log.warn("live_listen_failed", { error: errorMessage(error) });
    if (current.stopped) return;
    // Meanwhile the table is read every second.
    current.poll ??= setInterval(() => current.wake(), POLL_MS).unref();
    retry(current, POLL_MS * 5);
  });
}

/** Starts, once per process, listening for new events; `wake` reads them. */
export function startListening(wake: () => void): void {
  const current = state();
  if (current.started || current.stopped) return;
  current.started = true;
  current.wake = wake;
  connect(current);
}

/** On shutdown: no more reads or retries, and the connection closed. */
export async function stopListening(): Promise<void> {
  const current = state();
  current.stopped = true;
  clearInterval(current.poll);
  clearTimeout(current.retry);
  current.poll = current.retry = undefined;
  const client = current.client;
  current.client = undefined;
  // Bounded: with the database gone, ending it could wait for a socket that never answers.
  if (client) await Promise.race([client.end().catch(() => undefined), sleep(1_000, undefined, { ref: false })]);
}
