import { recordAudit } from "@/lib/server/audit/audit-trail";
import { sessionUser } from "@/lib/server/auth/authenticate";
import { clearedSessionCookie, readSessionToken } from "@/lib/server/auth/session-cookie";
import { revokeSession } from "@/lib/server/auth/session-store";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { log } from "@/lib/server/log";

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
