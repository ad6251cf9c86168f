import "server-only";
import { createHash } from "node:crypto";
import { remember } from "@epic-web/remember";
import { query } from "@/lib/server/db/database";
import { log } from "@/lib/server/log";
import { errorMessage } from "@/lib/shared/error-message";

const WINDOW_MS = 15 * 60_000;
const MAX_FAILURES = 10;
export const MAX_KEYS = 100_000;
const SWEEP_EVERY_MS = 60_000;

export type Attempt = { address: string; username: string; device?: string };

const addressKey = ({ address }: Pick<Attempt, "address">) => `addr:${address}`;
// Hashed so a username of any length fits the table's index.
const accountKey = ({ username, device }: Attempt) =>
  device ? `device:${device}` : `untrusted:${createHash("sha256").update(username).digest("base64url")}`;

export async function retryAfter(attempt: Attempt, now = Date.now()): Promise<number> {
  const { rows } = await query<{ failed_at: Date[] }>("SELECT failed_at FROM sign_in_failures WHERE key = ANY($1)", [
    [addressKey(attempt), accountKey(attempt)],
  ]);
  const waits = rows.map(({ failed_at: newestFirst }) => {
    const recent = newestFirst.filter((time) => now - +time < WINDOW_MS);
    const oldestThatCounts = recent[MAX_FAILURES - 1];
    return oldestThatCounts ? Math.ceil((+oldestThatCounts + WINDOW_MS - now) / 1000) : 0;
  });
  return Math.max(0, ...waits);
}

// Keys in one order in every statement, so two replicas recording at once never deadlock.
const RECORD = `
  INSERT INTO sign_in_failures AS f (key, failed_at, last_failed_at)
  SELECT key, ARRAY[$2::timestamptz], $2 FROM unnest($1::text[]) AS key ORDER BY key
  ON CONFLICT (key) DO UPDATE SET
    failed_at = ARRAY(SELECT t FROM unnest(f.failed_at || $2::timestamptz) AS t WHERE t > $3 ORDER BY t DESC LIMIT ${MAX_FAILURES}),
    last_failed_at = greatest(f.last_failed_at, $2)`;

// One per process, whichever bundle records the failure: each process sweeps at most once a minute.
const sweep = remember("login-throttle-sweep", () => ({ lastAt: 0 }));

/** Never call for refused attempts, so a lock-out lasts no longer than the failures' own window. */
export function recordFailure(attempt: Attempt, now = Date.now()): Promise<void> {
  return record([addressKey(attempt), accountKey(attempt)], now);
}

/** A bearer token that was not valid: it counts against its address, as a wrong password does (issue 46). */
export function recordTokenFailure(address: string, now = Date.now()): Promise<void> {
  return record([addressKey({ address })], now);
}

async function record(keys: string[], now: number): Promise<void> {
  await query(RECORD, [keys, new Date(now), new Date(now - WINDOW_MS)]);
  if (now - sweep.lastAt >= SWEEP_EVERY_MS) {
    sweep.lastAt = now;
    // In the background: a sweep that fails (or meets a sign-in's lock) must not change this attempt's response.
    sweepThrottle(now).catch((error: unknown) => log.warn("throttle_sweep_failed", { error: errorMessage(error) }));
  }
}

export async function recordSuccess(attempt: Attempt): Promise<void> {
  if (attempt.device) await query("DELETE FROM sign_in_failures WHERE key = $1", [accountKey(attempt)]);
}

export async function sweepThrottle(now = Date.now()): Promise<void> {
  await query("DELETE FROM sign_in_failures WHERE last_failed_at <= $1", [new Date(now - WINDOW_MS)]);
  await query(
    "DELETE FROM sign_in_failures WHERE key IN (SELECT key FROM sign_in_failures ORDER BY last_failed_at DESC OFFSET $1)",
    [MAX_KEYS],
  );
}
