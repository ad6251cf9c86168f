import { AppError } from "@/lib/shared/app-error";

// A timeout, a dropped connection or a failure after the service received it may still have applied the create.
export function createOutcomeUnknown(error: unknown): boolean {
  if (!(error instanceof AppError)) return true;
  if (error.code === "network_error" || error.code === "response_incomplete") return true;
  // Refused or unreachable while connecting: the request never left this app.
  if (error.code === "upstream_unauthorized" || error.code === "upstream_unavailable") return false;
  return error.status === 500 || error.status === 502 || error.status === 504;
}
