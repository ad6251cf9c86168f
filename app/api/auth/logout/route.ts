import { recordAudit } from "@/lib/server/audit/audit-trail";
import { sessionUser } from "@/lib/server/auth/authenticate";
import { providerLogoutUrl } from "@/lib/server/auth/oidc/end-session-url";
import { clearedSessionCookie, readSessionToken } from "@/lib/server/auth/session-cookie";
import { endSession } from "@/lib/server/auth/session-store";
import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { log } from "@/lib/server/log";
import { errorMessage } from "@/lib/shared/error-message";

/**
 * 204 once the session has ended; 200 {redirect} after a single sign-on session, with the provider's end-session URL
 * for the page to go to. A form post could not do it: the pages' form-action 'self' blocks a redirect to another
 * origin.
 */
export const POST = apiRoute("public", async (request, { requestId }) => {
  const token = readSessionToken(request.headers);
  let redirect: string | undefined;
  if (token) {
    const user = await sessionUser(request.headers);
    const { idToken } = await endSession(token);
    if (user) {
      log.security("logout", { requestId, username: user.username, method: user.method });
      await recordAudit({ action: "signed_out", actor: user.username, requestId, details: { method: user.method } });
    }
    // The app's session is over whatever the provider does: one that cannot be reached only costs its own sign-out.
    if (user?.method === "sso" && idToken) {
      redirect = await providerLogoutUrl(idToken).catch((error: unknown) => {
        log.warn("sso_logout_url_unavailable", {
          requestId,
          error: errorMessage(error),
        });
        return undefined;
      });
    }
  }
  const headers = { "set-cookie": clearedSessionCookie(request.headers), "cache-control": "no-store" };
  return redirect
    ? jsonResponse(JSON.stringify({ redirect }), 200, headers)
    : new Response(null, { status: 204, headers });
});

const notAllowed = methodNotAllowed(["POST"]);
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
