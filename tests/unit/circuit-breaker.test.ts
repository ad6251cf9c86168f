import { describe, expect, it } from "vitest";
import { createBreaker } from "@/lib/server/catalogue/circuit-breaker";
import { AppError } from "@/lib/shared/app-error";

function clock() {
  let time = 0;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

function refusal(run: () => unknown): AppError | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  return undefined;
}

describe("circuit breaker", () => {
  it("opens after N consecutive failures and fails fast with 503 and Retry-After", () => {
    const time = clock();
    const breaker = createBreaker(3, 10_000, time.now);
    for (let i = 0; i < 3; i++) breaker.enter().failed();
    const error = refusal(() => breaker.enter());
    expect(error).toMatchObject({ status: 503, code: "upstream_unavailable" });
    expect(error?.headers?.["retry-after"]).toBe("10");
  });

  it("a success in between resets the count", () => {
    const breaker = createBreaker(3, 10_000, clock().now);
    breaker.enter().failed();
    breaker.enter().failed();
    breaker.enter().succeeded();
    breaker.enter().failed();
    breaker.enter().failed();
    expect(refusal(() => breaker.enter())).toBeUndefined();
  });

  it("after the cooldown lets exactly one trial through; its success closes the breaker", () => {
    const time = clock();
    const breaker = createBreaker(2, 5_000, time.now);
    breaker.enter().failed();
    breaker.enter().failed();
    time.advance(5_000);
    const trial = breaker.enter();
    expect(refusal(() => breaker.enter())?.status).toBe(503);
    trial.succeeded();
    expect(refusal(() => breaker.enter())).toBeUndefined();
  });

  it("a failed trial opens it for another cooldown", () => {
    const time = clock();
    const breaker = createBreaker(1, 5_000, time.now);
    breaker.enter().failed();
    time.advance(5_000);
    breaker.enter().failed();
    time.advance(4_999);
    expect(refusal(() => breaker.enter())?.status).toBe(503);
    time.advance(1);
    expect(refusal(() => breaker.enter())).toBeUndefined();
  });

  it("a threshold of 0 turns it off", () => {
    const breaker = createBreaker(0, 5_000, clock().now);
    for (let i = 0; i < 100; i++) breaker.enter().failed();
    expect(refusal(() => breaker.enter())).toBeUndefined();
  });
});
