import "server-only";
import { transaction } from "@/lib/server/db/database";
import { log } from "@/lib/server/log";
import { recoverStaleClaims } from "./recover-claims";
import { recordRequestEvent } from "./request-audit";
import { anyExpired, expirePending } from "./request-states";
import { toChangeRequest } from "./request-store";
import { errorMessage } from "@/lib/shared/error-message";

// Well inside the minute the issue allows past a request's time.
const SWEEP_EVERY_MS = 15_000;

/**
 * Approvals whose process stopped are settled, and pending requests past APPROVAL_EXPIRES_HOURS become expired. Run by
 * every replica's sweep and before every read and decision, so what the API shows is exact; one UPDATE returns each
 * row once, so each is recorded once.
 */
export async function sweepRequests(): Promise<void> {
  await recoverStaleClaims();
  // Most sweeps find nothing to expire: they skip the transaction the expiries and their entries commit in.
  if (!(await anyExpired())) return;
  await transaction(async (tx) => {
    for (const row of await expirePending(tx))
      await recordRequestEvent(tx, "request_expired", toChangeRequest(row), {});
  });
}

export function startRequestSweep(): void {
  const sweep = () =>
    sweepRequests().catch((error: unknown) => log.warn("request_sweep_failed", { error: errorMessage(error) }));
  void sweep();
  setInterval(sweep, SWEEP_EVERY_MS).unref();
}
