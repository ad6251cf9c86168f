import "server-only";
import * as client from "openid-client";
import { AppError } from "@/lib/shared/app-error";

/** Why a sign-in through the provider ended without a session; each has its own explanation on /login/failed. */
export type SsoFailureReason = "expired" | "state" | "denied" | "rejected" | "unavailable" | "store";

export class SsoFailure extends Error {
  override readonly name = "SsoFailure";
  constructor(
    readonly reason: SsoFailureReason,
    /** For the security log: the check that failed or the provider's error code, never a token or a claim's value. */
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

const PROVIDER_ANSWERED_BADLY = new Set(["OAUTH_RESPONSE_IS_NOT_CONFORM", "OAUTH_RESPONSE_IS_NOT_JSON"]);

export function asSsoFailure(error: unknown): SsoFailure {
  if (error instanceof SsoFailure) return error;
  if (error instanceof AppError)
    return new SsoFailure(error.code === "sso_unavailable" ? "unavailable" : "store", error.code);
  if (error instanceof client.AuthorizationResponseError) return new SsoFailure("denied", error.error);
  // From the token endpoint: invalid_grant for a code used twice, expired, or issued to another client.
  if (error instanceof client.ResponseBodyError) return new SsoFailure("rejected", `token endpoint: ${error.error}`);
  if (error instanceof client.ClientError) {
    // The specific check is in the wrapped error's message ('unexpected JWT "aud" claim value'); that error's own
    // cause holds the claims.
    const detail = error.cause instanceof Error ? error.cause.message : error.message;
    if (/"state"/.test(detail)) return new SsoFailure("state", detail);
    if (error.code && PROVIDER_ANSWERED_BADLY.has(error.code)) return new SsoFailure("unavailable", error.message);
    return new SsoFailure("rejected", `${error.code ?? "client_error"}: ${detail}`);
  }
  if (
    error instanceof Error &&
    (error.name === "TimeoutError" || error.name === "AbortError" || error.message === "fetch failed")
  ) {
    return new SsoFailure("unavailable", error.message);
  }
  return new SsoFailure("rejected", error instanceof Error ? `${error.name}: ${error.message}` : "unknown error");
}
