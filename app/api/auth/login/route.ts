import { loginSchema } from "@/lib/auth/login-schema";
import { clearFailures, recordFailure, retryAfterSeconds } from "@/lib/auth/login-throttle";
import { readSessionToken, sessionCookie } from "@/lib/auth/session-cookie";
import { createSession, revokeSession } from "@/lib/auth/session-store";
import { credentialVersion, verifyCredentials } from "@/lib/auth/users";
import { AppError } from "@/lib/errors/app-error";
import { apiRoute, methodNotAllowed } from "@/lib/http/api-route";
import { clientAddress } from "@/lib/http/client-address";
import { readJsonBody } from "@/lib/http/read-json-body";
import { validateBody } from "@/lib/http/validate-body";
import { log } from "@/lib/log";

const MAX_LOGIN_BODY_BYTES = 16 * 1024;

export const POST = apiRoute("public", async (request, { requestId }) => {
  // Per field, so the sign-in form shows each message by its input (the form itself ships no validation code).
  const { username, password } = validateBody(
    await readJsonBody(request, MAX_LOGIN_BODY_BYTES),
    loginSchema,
    "Send a JSON object with a username and a password.",
  );
  const userKey = `user:${username}`;
  const keys = [userKey, `addr:${clientAddress(request.headers)}`];

  const wait = retryAfterSeconds(keys);
  if (wait > 0) {
    log.security("login_throttled", { requestId, username: username.slice(0, 64) });
    const minutes = Math.ceil(wait / 60);
    throw new AppError(429, "too_many_attempts", `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, undefined, {
      headers: { "retry-after": String(wait) },
    });
  }

  const user = await verifyCredentials(username, password);
  if (!user) {
    recordFailure(keys);
    log.security("login_failed", { requestId, username: username.slice(0, 64) });
    throw new AppError(401, "invalid_credentials", "Wrong username or password.");
  }
  clearFailures(userKey);
  // A cookie that was there before sign-in is never promoted: it is revoked and a new session is made.
  const planted = readSessionToken(request.headers);
  if (planted) revokeSession(planted);
  const token = createSession(user.username, credentialVersion(user));
  log.security("login_succeeded", { requestId, username: user.username, role: user.role });
  return new Response(null, {
    status: 204,
    headers: { "set-cookie": sessionCookie(request.headers, token), "cache-control": "no-store" },
  });
});

const notAllowed = methodNotAllowed(["POST"]);
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
