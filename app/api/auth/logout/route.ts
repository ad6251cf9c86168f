import { recordAudit } from "@/lib/audit/audit-trail";
import { sessionUser } from "@/lib/auth/authenticate";
import { clearedSessionCookie, readSessionToken } from "@/lib/auth/session-cookie";
import { revokeSession } from "@/lib/auth/session-store";
import { apiRoute, methodNotAllowed } from "@/lib/http/api-route";
import { log } from "@/lib/log";

/** Always 204: the session is revoked on the server, so a kept copy of the cookie stops working too. */
export const POST = apiRoute("public", async (request, { requestId }) => {
  const token = readSessionToken(request.headers);
  if (token) {
    const user = await sessionUser(request.headers);
    await revokeSession(token);
    if (user) {
      log.security("logout", { requestId, username: user.username });
      await recordAudit({ action: "signed_out", actor: user.username, requestId });
    }
  }
  return new Response(null, {
    status: 204,
    headers: { "set-cookie": clearedSessionCookie(request.headers), "cache-control": "no-store" },
  });
});

const notAllowed = methodNotAllowed(["POST"]);
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
