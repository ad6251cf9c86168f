import "server-only";
import { LRUCache } from "lru-cache";

const WINDOW_MS = 15 * 60_000;
const MAX_FAILURES = 10;
/** Keys kept at most, least recently used dropped first: a flood of new names and addresses cannot grow memory. */
export const MAX_KEYS = 100_000;

/** The times of the most recent failures per key (at most MAX_FAILURES of them). */
type Failures = LRUCache<string, number[]>;

// On globalThis: Next may load this module once per route bundle, and sign-in must count in one place per process.
const STORE_KEY = Symbol.for("categories-admin.login-failures");
const globalStore = globalThis as typeof globalThis & { [STORE_KEY]?: Failures };
const failures = (globalStore[STORE_KEY] ??= new LRUCache<string, number[]>({ max: MAX_KEYS }));

/**
 * Who a failure counts against. Following OWASP's device-cookie scheme: a browser that has signed in to this
 * account before (`device`) is judged on its own failures only, so others' guesses never lock it out; every other
 * client shares the account's count of untrusted failures. The address is counted either way.
 */
export type Attempt = { address: string; username: string; device?: string };

const addressKey = ({ address }: Attempt) => `addr:${address}`;
const accountKey = ({ username, device }: Attempt) => (device ? `device:${device}` : `untrusted:${username}`);

function recent(key: string, now: number): number[] {
  return (failures.get(key) ?? []).filter((time) => now - time < WINDOW_MS);
}

function waitSeconds(key: string, now: number): number {
  const times = recent(key, now);
  if (times.length < MAX_FAILURES) return 0;
  const oldestThatCounts = times[times.length - MAX_FAILURES] ?? now;
  return Math.ceil((oldestThatCounts + WINDOW_MS - now) / 1000);
}

/** Seconds until this client address may try again (10 failures in 15 minutes), or 0. */
export function addressRetryAfter(attempt: Attempt, now = Date.now()): number {
  return waitSeconds(addressKey(attempt), now);
}

/** Seconds until this device, or untrusted clients of this account, may try again, or 0. */
export function accountRetryAfter(attempt: Attempt, now = Date.now()): number {
  return waitSeconds(accountKey(attempt), now);
}

/** Refused attempts are never recorded, so a lock-out lasts no longer than the window of the failures themselves. */
export function recordFailure(attempt: Attempt, now = Date.now()): void {
  for (const key of [addressKey(attempt), accountKey(attempt)]) failures.set(key, [...recent(key, now), now].slice(-MAX_FAILURES));
}

/** After a sign-in from a trusted device, its own failures are forgotten; the account's untrusted count stays. */
export function recordSuccess(attempt: Attempt): void {
  if (attempt.device) failures.delete(accountKey(attempt));
}

/** How many keys the throttle holds now; for tests of its bound. */
export function throttleSize(): number {
  return failures.size;
}
