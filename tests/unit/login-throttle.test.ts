import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import {
  type Attempt,
  MAX_KEYS,
  accountRetryAfter,
  addressRetryAfter,
  recordFailure,
  recordSuccess,
  throttleSize,
} from "@/lib/auth/login-throttle";

const MINUTE = 60_000;
let unique = 0;
/** An attempt from an address and for an account no other test uses. */
const fresh = (overrides: Partial<Attempt> = {}): Attempt => ({ address: `192.0.2.${++unique}`, username: `user-${unique}`, ...overrides });

describe("login throttle", () => {
  it("allows 10 failures from an address in 15 minutes and refuses the 11th attempt from it, for any account", () => {
    const start = Date.now();
    const attempt = fresh();
    for (let i = 0; i < 9; i++) recordFailure({ ...attempt, username: `sprayed-${i}-${unique}` }, start + i);
    expect(addressRetryAfter(attempt, start + 10)).toBe(0);
    recordFailure(attempt, start + 10);
    expect(addressRetryAfter({ ...attempt, username: "someone-else" }, start + 11)).toBe(15 * 60);
    expect(addressRetryAfter(fresh(), start + 11)).toBe(0);
  });

  it("lets the address in again as soon as the window of its failures has passed", () => {
    const start = Date.now();
    const attempt = fresh();
    for (let i = 0; i < 10; i++) recordFailure(attempt, start + i * MINUTE);
    expect(addressRetryAfter(attempt, start + 10 * MINUTE)).toBe(5 * 60);
    expect(addressRetryAfter(attempt, start + 15 * MINUTE)).toBe(0);
  });

  it("holds back untrusted clients of an account after 10 failures from anywhere", () => {
    const start = Date.now();
    const username = `target-${++unique}`;
    for (let i = 0; i < 10; i++) recordFailure(fresh({ username }), start);
    expect(accountRetryAfter(fresh({ username }), start + 1)).toBeGreaterThan(0);
  });

  it("never holds back a browser with a device cookie for the account because of others' failures", () => {
    const start = Date.now();
    const username = `target-${++unique}`;
    for (let i = 0; i < 11; i++) recordFailure(fresh({ username }), start);
    expect(accountRetryAfter(fresh({ username, device: "known-browser" }), start + 1)).toBe(0);
  });

  it("holds back a device on its own failures, and forgets them when it signs in", () => {
    const start = Date.now();
    const device = fresh({ device: `device-${unique}` });
    for (let i = 0; i < 10; i++) recordFailure({ ...device, address: `198.51.100.${i}` }, start);
    expect(accountRetryAfter(device, start + 1)).toBeGreaterThan(0);
    recordSuccess(device);
    expect(accountRetryAfter(device, start + 2)).toBe(0);
  });

  it("is never extended by refused attempts: they are not recorded", () => {
    const start = Date.now();
    const attempt = fresh();
    for (let i = 0; i < 10; i++) recordFailure(attempt, start);
    for (let t = 1; t < 15 * MINUTE; t += MINUTE) expect(addressRetryAfter(attempt, start + t)).toBeGreaterThan(0);
    expect(addressRetryAfter(attempt, start + 15 * MINUTE)).toBe(0);
  });

  it("keeps at most MAX_KEYS keys, and 100,000 attempts with new names and addresses add under 50 MB of heap", () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    gc();
    const before = process.memoryUsage().heapUsed;
    const now = Date.now();
    for (let i = 0; i < 100_000; i++) recordFailure({ address: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, username: `flood-${i}` }, now);
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    expect(throttleSize()).toBe(MAX_KEYS);
    expect(grown).toBeLessThan(50 * 1024 * 1024);
    // Least recently used first: the oldest attempts are forgotten, the newest kept.
    const newest = { address: "10.1.134.159", username: "flood-99999" };
    for (let i = 0; i < 9; i++) recordFailure(newest, now);
    expect(addressRetryAfter(newest, now)).toBeGreaterThan(0);
  });
});
