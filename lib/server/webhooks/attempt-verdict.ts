import "server-only";
import type { AttemptOutcome } from "./send-webhook";

/** What an ended attempt means for its delivery: done, another attempt after `waitMs`, or failed for good. */
export type Verdict =
  | { state: "delivered" }
  | { state: "pending"; waitMs: number }
  | { state: "failed"; disable?: string };

/** A wait of the schedule, moved by at most ±10 % so that endpoints that failed together are not retried together. */
export const jittered = (waitMs: number, random = Math.random()) => Math.round(waitMs * (0.9 + 0.2 * random));

/**
 * `attempt` is the number of the attempt that ended (1 for the first). 2xx is delivered; 410 fails the delivery and
 * switches the endpoint off; 429 and 503 wait at least their Retry-After; anything else waits the schedule's next
 * wait, and after its last the delivery has failed.
 */
export function attemptVerdict(
  outcome: AttemptOutcome,
  attempt: number,
  scheduleMs: readonly number[],
  random = Math.random(),
): Verdict {
  const { status } = outcome;
  if (status !== null && status >= 200 && status < 300) return { state: "delivered" };
  if (status === 410) return { state: "failed", disable: "The receiver answered 410 Gone: it no longer takes events." };
  const next = scheduleMs[attempt - 1];
  if (next === undefined) return { state: "failed" };
  const waitMs = jittered(next, random);
  const askedMs = status === 429 || status === 503 ? (outcome.retryAfterMs ?? 0) : 0;
  return { state: "pending", waitMs: Math.max(waitMs, askedMs) };
}
