import "server-only";
import { AppError } from "@/lib/shared/app-error";

export type BreakerTicket = { succeeded(): void; failed(): void };

export function createBreaker(threshold: number, cooldownMs: number, now = () => Date.now()) {
  let failures = 0;
  let openUntil = 0;
  let trialRunning = false;

  const refuse = (waitMs: number) =>
    new AppError(
      503,
      "upstream_unavailable",
      "The catalogue service is failing, so calls to it are paused for a moment.",
      undefined,
      {
        headers: { "retry-after": String(Math.max(1, Math.ceil(waitMs / 1000))) },
      },
    );

  return {
    /** Calls are being refused now. */
    isOpen: () => threshold > 0 && failures >= threshold && openUntil > now(),
    enter(): BreakerTicket {
      let trial = false;
      if (threshold > 0 && failures >= threshold) {
        const waitMs = openUntil - now();
        if (waitMs > 0 || trialRunning) throw refuse(Math.max(waitMs, 1000));
        trialRunning = trial = true;
      }
      const settle = (ok: boolean) => {
        if (trial) trialRunning = false;
        if (ok) failures = 0;
        else if (++failures >= threshold) openUntil = now() + cooldownMs;
      };
      return { succeeded: () => settle(true), failed: () => settle(false) };
    },
  };
}
