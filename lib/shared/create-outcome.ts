import { AppError } from "@/lib/shared/app-error";

/**
 * What a failed create says about the category. The form, the import and the catalogue client all decide with these,
 * so that a create that may have been applied is never sent again without a check.
 */
export type CreateFailureKind = "refused" | "not-sent" | "maybe-applied";

// Transport failures before the request left this process, so the service cannot have applied it.
const BEFORE_SENDING = new Set([
  "connect_timeout",
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

/** For the catalogue client: the cause of a transport failure (an errno code, or `connect_timeout`). */
export const failedBeforeSending = (cause: string): boolean => BEFORE_SENDING.has(cause);

// Unreachable, our key refused, or the service asked us to slow down: the service did not take the request.
const NOT_SENT_CODES = new Set(["upstream_unavailable", "upstream_unauthorized", "upstream_busy"]);
// The browser's own: the request to the app failed, or its response broke off, after it may have been sent on.
const NO_RESPONSE_CODES = new Set(["network_error", "response_incomplete"]);
// A timeout, a dropped connection or a server error after the service received the request.
const MAYBE_APPLIED_STATUSES = new Set([500, 502, 504]);

export function createFailureKind(error: unknown): CreateFailureKind {
  if (!(error instanceof AppError)) return "maybe-applied";
  if (NOT_SENT_CODES.has(error.code)) return "not-sent";
  if (NO_RESPONSE_CODES.has(error.code) || MAYBE_APPLIED_STATUSES.has(error.status)) return "maybe-applied";
  return error.status === 400 ? "refused" : "not-sent";
}
