import "server-only";

const WINDOW_MS = 15 * 60_000;
const MAX_FAILURES = 10;

const STORE_KEY = Symbol.for("categories-admin.login-failures");
const globalStore = globalThis as typeof globalThis & { [STORE_KEY]?: Map<string, number[]> };
const failures = (globalStore[STORE_KEY] ??= new Map<string, number[]>());

function recent(key: string, now: number): number[] {
  const times = (failures.get(key) ?? []).filter((time) => now - time < WINDOW_MS);
  if (times.length === 0) failures.delete(key);
  else failures.set(key, times);
  return times;
}

/**
 * Seconds until sign-in is allowed again for any of these keys (a username, a
 * client address), or 0. Refused attempts are not counted, so no one can keep
 * a person locked out beyond the 15-minute window of the failures themselves.
 */
export function retryAfterSeconds(keys: readonly string[], now = Date.now()): number {
  let waitMs = 0;
  for (const key of keys) {
    const times = recent(key, now);
    if (times.length >= MAX_FAILURES) {
      const oldestThatCounts = times[times.length - MAX_FAILURES] ?? now;
      waitMs = Math.max(waitMs, oldestThatCounts + WINDOW_MS - now);
    }
  }
  return Math.ceil(waitMs / 1000);
}

export function recordFailure(keys: readonly string[], now = Date.now()): void {
  for (const key of keys) failures.set(key, [...recent(key, now), now]);
  if (failures.size > 10_000) for (const key of [...failures.keys()]) recent(key, now);
}

export function clearFailures(key: string): void {
  failures.delete(key);
}
