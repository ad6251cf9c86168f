import { describe, expect, it } from "vitest";
import { attemptVerdict, jittered } from "@/lib/server/webhooks/attempt-verdict";
import type { AttemptOutcome } from "@/lib/server/webhooks/send-webhook";

// Issue 45, part 3: what an ended attempt means for its delivery.
const SCHEDULE = [5_000, 300_000];
const answered = (status: number | null, retryAfterMs?: number): AttemptOutcome => ({
  status,
  error: status === null ? "no answer within 15 s" : null,
  durationMs: 12,
  response: null,
  retryAfterMs,
});

describe("attemptVerdict", () => {
  it.each([200, 201, 204, 299])("%i is delivered", (status) => {
    expect(attemptVerdict(answered(status), 1, SCHEDULE)).toEqual({ state: "delivered" });
  });

  it.each([null, 301, 302, 400, 404, 500, 502])("%s waits the schedule's next wait", (status) => {
    expect(attemptVerdict(answered(status), 1, SCHEDULE, 0.5)).toEqual({ state: "pending", waitMs: 5_000 });
    expect(attemptVerdict(answered(status), 2, SCHEDULE, 0.5)).toEqual({ state: "pending", waitMs: 300_000 });
    expect(attemptVerdict(answered(status), 3, SCHEDULE, 0.5)).toEqual({ state: "failed" });
  });

  it("410 fails the delivery and switches the endpoint off", () => {
    expect(attemptVerdict(answered(410), 1, SCHEDULE)).toEqual({
      state: "failed",
      disable: expect.stringContaining("410"),
    });
  });

  it.each([429, 503])("%i waits at least its Retry-After, and the schedule without one", (status) => {
    expect(attemptVerdict(answered(status, 60_000), 1, SCHEDULE, 0.5)).toEqual({ state: "pending", waitMs: 60_000 });
    expect(attemptVerdict(answered(status, 1_000), 1, SCHEDULE, 0.5)).toEqual({ state: "pending", waitMs: 5_000 });
    expect(attemptVerdict(answered(status), 1, SCHEDULE, 0.5)).toEqual({ state: "pending", waitMs: 5_000 });
    expect(attemptVerdict(answered(500, 60_000), 1, SCHEDULE, 0.5)).toEqual({ state: "pending", waitMs: 5_000 });
  });

  it("moves a wait by at most 10 % either way", () => {
    expect([jittered(10_000, 0), jittered(10_000, 0.5), jittered(10_000, 0.999_999)]).toEqual([9_000, 10_000, 11_000]);
  });
});
