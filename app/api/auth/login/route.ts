import { recordAudit } from "@/lib/server/audit/audit-trail";
import { deviceCookie, knownDevice } from "@/lib/server/auth/device-cookie";
import { loginSchema } from "@/lib/shared/login-schema";
import { type Attempt, recordFailure, recordSuccess, retryAfter } from "@/lib/server/auth/login-throttle";
import { readSessionToken, sessionCookie } from "@/lib/server/auth/session-cookie";
import { createSession, revokeSession } from "@/lib/server/auth/session-store";
import { verifyCredentials } from "@/lib/server/auth/users";
import { getConfig } from "@/lib/server/config/config";
import { AppError } from "@/lib/shared/app-error";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { clientAddress } from "@/lib/server/http/client-address";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { validateBody } from "@/lib/server/http/validate-body";
import { log } from "@/lib/server/log";
import { countSignIn } from "@/lib/server/metrics/app-metrics";

const MAX_LOGIN_BODY_BYTES = 16 * 1024;

function tooManyAttempts(seconds: number): AppError {
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    429,
    "too_many_attempts",
    `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    undefined,
    {
      headers: { "retry-after": String(seconds) },
    },
  );
}

export const POST = apiRoute("public", async (request, { requestId }) => {
  if (!getConfig().localAccounts)
    throw new AppError(
      404,
      "not_found",
      "Local accounts are turned off here (AUTH_LOCAL=off): sign in with single sign-on.",
    );
  // Per field, so the sign-in form shows each message by its input (the form itself ships no validation code).
  const { username, password } = validateBody(
    await readJsonBody(request, MAX_LOGIN_BODY_BYTES),
    loginSchema,
    "Send a JSON object with a username and a password.",
  );
  const attempt: Attempt = {
    address: clientAddress(request.headers),
    username,
    device: knownDevice(request.headers, username),
  };
  // Both limits respond before any password is hashed: a refused attempt costs next to nothing.
  const wait = await retryAfter(attempt);
  if (wait > 0) {
    countSignIn("password", "throttled");
    throw tooManyAttempts(wait);
  }

  const user = await verifyCredentials(username, password).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "busy") countSignIn("password", "busy");
    throw error;
  });
  const planted = readSessionToken(request.headers);
  // A cookie that was there before sign-in is never promoted: it is revoked and a new session is made.
  if (user && planted) await revokeSession(planted);
  const token = user && (await createSession(user));
  if (!user || !token) {
    await recordFailure(attempt);
    countSignIn("password", "refused");
    log.security("login_failed", { requestId, username });
    await recordAudit({ action: "sign_in_failed", actor: username, requestId, details: { address: attempt.address } });
    throw new AppError(401, "invalid_credentials", "Wrong username or password.");
  }
  await recordSuccess(attempt);
  countSignIn("password", "ok");
  log.security("login_succeeded", { requestId, username: user.username, role: user.role });
  await recordAudit({
    action: "signed_in",
    actor: user.username,
    requestId,
    details: { address: attempt.address, role: user.role },
  });
  const headers = new Headers({ "cache-control": "no-store" });
  headers.append("set-cookie", sessionCookie(request.headers, token));
  headers.append("set-cookie", deviceCookie(request.headers, user.username));
  return new Response(null, { status: 204, headers });
});

const notAllowed = methodNotAllowed(["POST"]);
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
