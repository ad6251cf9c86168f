import { createRemoteJWKSet } from "jose";
import { recordAudit } from "@/lib/server/audit/audit-trail";
import { oidcConfiguration, ssoSettings } from "@/lib/server/auth/oidc/discovery";
import { firstUseOfLogoutToken } from "@/lib/server/auth/oidc/logout-token-ids";
import { LOGOUT_TOKEN_MAX_AGE_SECONDS, LogoutTokenError, verifyLogoutToken } from "@/lib/server/auth/oidc/logout-token";
import { endProviderSessions } from "@/lib/server/auth/oidc/provider-sessions";
import { AppError } from "@/lib/shared/app-error";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { readFormBody } from "@/lib/server/http/read-body";
import { log } from "@/lib/server/log";

const MAX_BODY_BYTES = 16 * 1024;

// jose caches the provider's keys and fetches them again for a kid it has not seen (a key rotation).
let providerKeys: { uri: string; keys: ReturnType<typeof createRemoteJWKSet> } | undefined;

function keysAt(uri: string) {
  if (providerKeys?.uri !== uri) providerKeys = { uri, keys: createRemoteJWKSet(new URL(uri)) };
  return providerKeys.keys;
}

const refused = (requestId: string, reason: string) => {
  log.security("backchannel_logout_refused", { requestId, reason });
  return new AppError(400, "invalid_logout_token", "The logout token was refused.");
};

/** OpenID Connect Back-Channel Logout 1.0: the provider says a person signed out there; their sessions end here. */
export const POST = apiRoute("provider", async (request, { requestId }) => {
  const { clientId } = ssoSettings();
  const token = (await readFormBody(request, MAX_BODY_BYTES)).get("logout_token");
  if (!token) throw refused(requestId, "no logout_token field");
  const metadata = (await oidcConfiguration()).serverMetadata();
  if (!metadata.jwks_uri) throw refused(requestId, "the provider publishes no keys (jwks_uri)");
  let claims;
  try {
    claims = await verifyLogoutToken(token, keysAt(metadata.jwks_uri), { issuer: metadata.issuer, clientId });
  } catch (error) {
    if (error instanceof LogoutTokenError) throw refused(requestId, error.message);
    throw error;
  }
  const keepUntil = new Date((claims.iat + LOGOUT_TOKEN_MAX_AGE_SECONDS + 60) * 1000);
  if (!(await firstUseOfLogoutToken(metadata.issuer, claims.jti, keepUntil)))
    throw refused(requestId, "jti seen before (a replay)");
  const ended = await endProviderSessions(claims);
  log.security("backchannel_logout", { requestId, by: claims.sid ? "sid" : "sub", sessions: ended.length });
  if (ended.length > 0) {
    await recordAudit(
      ...ended.map((username) => ({
        action: "session_ended_by_provider" as const,
        actor: username,
        requestId,
        details: { method: "sso" },
      })),
    );
  }
  return new Response(null, { status: 200, headers: { "cache-control": "no-store" } });
});

const notAllowed = methodNotAllowed(["POST"]);
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
