import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  type Attempt,
  MAX_KEYS,
  recordFailure,
  recordSuccess,
  retryAfter,
  sweepThrottle,
} from "@/lib/server/auth/login-throttle";
import { testDb } from "../support/test-database";

beforeAll(() => {
  // The app's settings; only the database (DATABASE_URL, this file's own) is used here.
  vi.stubEnv("CATALOGUE_API_URL", "http://127.0.0.1:9/v1");
  vi.stubEnv("CATALOGUE_API_KEY", "unused-key");
  vi.stubEnv("SESSION_SECRET", "throttle-test-session-secret-0123456789");
  vi.stubEnv("CATALOGUE_ENVIRONMENT", "local");
});

const MINUTE = 60_000;
let unique = 0;
/** An attempt from an address and for an account no other test uses. */
const fresh = (overrides: Partial<Attempt> = {}): Attempt => ({
  address: `192.0.2.${++unique}`,
  username: `user-${unique}`,
  ...overrides,
});
const rows = async () => Number((await testDb.query("SELECT count(*) AS n FROM sign_in_failures")).rows[0]?.n);

describe("login throttle (in the database)", () => {
  it("allows 10 failures from an address in 15 minutes and refuses the 11th attempt from it, for any account", async () => {
    const start = Date.now();
    const attempt = fresh();
    for (let i = 0; i < 9; i++) await recordFailure({ ...attempt, username: `sprayed-${i}-${unique}` }, start + i);
    expect(await retryAfter(attempt, start + 10)).toBe(0);
    await recordFailure(attempt, start + 10);
    expect(await retryAfter({ ...attempt, username: `someone-else-${unique}` }, start + 11)).toBe(15 * 60);
    expect(await retryAfter(fresh(), start + 11)).toBe(0);
  });

  it("lets the address in again as soon as the window of its failures has passed", async () => {
    const start = Date.now();
    const attempt = fresh();
    for (let i = 0; i < 10; i++)
      await recordFailure({ ...attempt, username: `${attempt.username}-${i}` }, start + i * MINUTE);
    expect(await retryAfter(attempt, start + 10 * MINUTE)).toBe(5 * 60);
    expect(await retryAfter(attempt, start + 15 * MINUTE)).toBe(0);
  });

  it("holds back untrusted clients of an account after 10 failures from anywhere", async () => {
    const start = Date.now();
    const username = `target-${++unique}`;
    for (let i = 0; i < 10; i++) await recordFailure(fresh({ username }), start);
    expect(await retryAfter(fresh({ username }), start + 1)).toBeGreaterThan(0);
  });

  it("never holds back a browser with a device cookie for the account because of others' failures", async () => {
    const start = Date.now();
    const username = `target-${++unique}`;
    for (let i = 0; i < 11; i++) await recordFailure(fresh({ username }), start);
    expect(await retryAfter(fresh({ username, device: `known-browser-${unique}` }), start + 1)).toBe(0);
  });

  it("holds back a device on its own failures, and forgets them when it signs in", async () => {
    const start = Date.now();
    const device = fresh({ device: `device-${unique}` });
    for (let i = 0; i < 10; i++) await recordFailure({ ...device, address: `198.51.100.${unique}.${i}` }, start);
    expect(await retryAfter(device, start + 1)).toBeGreaterThan(0);
    await recordSuccess(device);
    expect(await retryAfter({ ...device, address: "198.51.100.250" }, start + 2)).toBe(0);
  });

  it("is never extended by refused attempts: they are not recorded", async () => {
    const start = Date.now();
    const attempt = fresh();
    for (let i = 0; i < 10; i++) await recordFailure(attempt, start);
    for (let t = 1; t < 15 * MINUTE; t += MINUTE) expect(await retryAfter(attempt, start + t)).toBeGreaterThan(0);
    expect(await retryAfter(attempt, start + 15 * MINUTE)).toBe(0);
  });

  it("keeps at most ten times per key, however many failures", async () => {
    const start = Date.now();
    const attempt = fresh();
    for (let i = 0; i < 25; i++) await recordFailure(attempt, start + i);
    const { rows: stored } = await testDb.query(
      "SELECT cardinality(failed_at) AS n FROM sign_in_failures WHERE key = $1",
      [`addr:${attempt.address}`],
    );
    expect(stored[0]?.n).toBe(10);
  });

  it("sweeps keys whose failures are past the window, then the least recently failed beyond MAX_KEYS", async () => {
    const now = Date.now();
    await testDb.query("DELETE FROM sign_in_failures");
    // MAX_KEYS + 500 keys within the window (the newest last), and 300 whose last failure is 16 minutes old.
    await testDb.query(
      `INSERT INTO sign_in_failures (key, failed_at, last_failed_at)
       SELECT 'addr:flood-' || i, ARRAY[t], t FROM generate_series(1, $2::int) AS i, LATERAL (SELECT $1::timestamptz - (($2::int - i) || ' ms')::interval AS t) AS at
       UNION ALL
       SELECT 'addr:old-' || i, ARRAY[$3::timestamptz], $3 FROM generate_series(1, 300) AS i`,
      [new Date(now), MAX_KEYS + 500, new Date(now - 16 * MINUTE)],
    );
    await sweepThrottle(now);
    expect(await rows()).toBe(MAX_KEYS);
    const kept = async (key: string) =>
      (await testDb.query("SELECT 1 FROM sign_in_failures WHERE key = $1", [key])).rows.length === 1;
    expect(await kept(`addr:flood-${MAX_KEYS + 500}`)).toBe(true); // the newest
    expect(await kept("addr:flood-1")).toBe(false); // the least recently failed
    expect(await kept("addr:old-1")).toBe(false);
  }, 60_000);
});
