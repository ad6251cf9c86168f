import "server-only";
import { log } from "@/lib/server/log";
import { recordRequestEvent } from "./request-audit";
import { expirePending } from "./request-states";
import { toChangeRequest } from "./request-store";

// Well inside the minute the issue allows past a request's time.
const SWEEP_EVERY_MS = 15_000;

/**
 * Pending requests past APPROVAL_EXPIRES_HOURS become expired. Run by every replica's sweep and before every read and
 * decision, so what the API shows is exact; one UPDATE returns each row once, so each expiry is recorded once.
 */
export async function expireRequests(): Promise<void> {
  for (const row of await expirePending()) await recordRequestEvent("request_expired", toChangeRequest(row), {});
}

export function startRequestExpiry(): void {
  const sweep = () =>
    expireRequests().catch((error: unknown) =>
      log.warn("request_expiry_failed", { error: error instanceof Error ? error.message : String(error) }),
    );
  void sweep();
  setInterval(sweep, SWEEP_EVERY_MS).unref();
}
