import "server-only";
import { AppError } from "@/lib/shared/app-error";

/**
 * One answer whatever is wrong with a bearer token (malformed, unknown, expired, revoked, its account removed), so that
 * it tells a caller nothing about which tokens exist (RFC 6750, section 3).
 */
export const invalidToken = () =>
  new AppError(401, "invalid_token", "The API token is not valid. It may have expired or been revoked.", undefined, {
    headers: { "www-authenticate": 'Bearer error="invalid_token"' },
  });

export const tokenNotAllowed = () =>
  new AppError(403, "token_not_allowed", "An API token cannot do this: sign in as a person to do it.");

export const environmentNotAllowed = (environment: string) =>
  new AppError(403, "environment_not_allowed", `This API token is not allowed to use ${environment}.`);

export const tokenNotFound = () =>
  new AppError(404, "token_not_found", "There is no API token with this id. It may have been revoked.");
