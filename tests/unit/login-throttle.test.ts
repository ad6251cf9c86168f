import { describe, expect, it } from "vitest";
import { clearFailures, recordFailure, retryAfterSeconds } from "@/lib/auth/login-throttle";

const MINUTE = 60_000;

describe("login throttle", () => {
  it("allows 10 failures in 15 minutes and refuses the 11th attempt", () => {
    const keys = ["user:throttle-a"];
    const start = 1_000_000;
    for (let i = 0; i < 9; i++) recordFailure(keys, start + i);
    expect(retryAfterSeconds(keys, start + 10)).toBe(0);
    recordFailure(keys, start + 10);
    expect(retryAfterSeconds(keys, start + 11)).toBe(15 * 60);
  });

  it("lets the person in again as soon as the window of the failures has passed", () => {
    const keys = ["user:throttle-b"];
    const start = 5_000_000;
    for (let i = 0; i < 10; i++) recordFailure(keys, start + i * MINUTE);
    // The oldest failure leaves the window 15 minutes after it happened.
    expect(retryAfterSeconds(keys, start + 10 * MINUTE)).toBe(5 * 60);
    expect(retryAfterSeconds(keys, start + 15 * MINUTE)).toBe(0);
  });

  it("is never extended by refused attempts: they are not recorded", () => {
    const keys = ["user:throttle-c"];
    for (let i = 0; i < 10; i++) recordFailure(keys, 0);
    for (let t = 1; t < 15 * MINUTE; t += MINUTE) expect(retryAfterSeconds(keys, t)).toBeGreaterThan(0);
    expect(retryAfterSeconds(keys, 15 * MINUTE)).toBe(0);
  });

  it("counts keys apart and forgets one on success", () => {
    for (let i = 0; i < 10; i++) recordFailure(["user:x", "addr:1"], 0);
    expect(retryAfterSeconds(["user:y"], 1)).toBe(0);
    clearFailures("user:x");
    expect(retryAfterSeconds(["user:x"], 1)).toBe(0);
    expect(retryAfterSeconds(["addr:1"], 1)).toBeGreaterThan(0);
  });
});
