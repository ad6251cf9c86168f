import { AppError } from "@/lib/errors/app-error";

/**
 * Whether a failed create may still have been applied by the catalogue
 * service: it timed out, the connection dropped, or the service failed after
 * receiving it. A refusal (4xx), a rejected key, a service that could not be
 * reached at all, or the breaker's fail-fast 503 means it was never applied.
 */
export function createOutcomeUnknown(error: unknown): boolean {
  if (!(error instanceof AppError)) return true;
  if (error.code === "network_error") return true;
  // Refused or unreachable while connecting: the request never left this app.
  if (error.code === "upstream_unauthorized" || error.code === "upstream_unavailable") return false;
  return error.status === 500 || error.status === 502 || error.status === 504;
}
