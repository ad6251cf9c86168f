import { recordAudit } from "@/lib/server/audit/audit-trail";
import { countRefusal } from "@/lib/server/audit/refusal-counter";
import { oidcConfiguration, ssoSettings } from "@/lib/server/auth/oidc/discovery";
import { clearedFlowCookie, readFlow } from "@/lib/server/auth/oidc/flow-cookie";
import { completeSignIn } from "@/lib/server/auth/oidc/sign-in";
import { SsoFailure, asSsoFailure } from "@/lib/server/auth/oidc/sso-failure";
import { readSessionToken, sessionCookie } from "@/lib/server/auth/session-cookie";
import { createSsoSession, revokeSession } from "@/lib/server/auth/session-store";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { clientAddress } from "@/lib/server/http/client-address";
import { seeOther } from "@/lib/server/http/see-other";
import { log } from "@/lib/server/log";
import { countSignIn } from "@/lib/server/metrics/app-metrics";

// Every outcome is a page for the person, never a JSON error: they arrive here by a redirect from the provider.
export const GET = apiRoute("public", async (request, { requestId }) => {
  const settings = ssoSettings();
  const address = clientAddress(request.headers);
  // The flow is single-use: whatever happens next, its cookie goes.
  const cleared = clearedFlowCookie(request.headers);
  const flow = await readFlow(request.headers);
  try {
    if (!flow) throw new SsoFailure("expired", "no sign-in flow cookie, or one that is altered or too old");
    const { person, sid, idToken } = await completeSignIn(await oidcConfiguration(), settings, request.url, flow);
    const { role } = person;
    if (!role) {
      countSignIn("oidc", "refused");
      log.security("sso_no_access", { requestId, username: person.username, sub: person.sub });
      await recordAudit({
        action: "sso_no_access",
        actor: person.username,
        requestId,
        details: { address, sub: person.sub, claim: settings.rolesClaim },
      });
      return seeOther("/login/no-access", [cleared]);
    }
    const planted = readSessionToken(request.headers);
    // A cookie that was there before sign-in is never promoted: it is revoked and a new session is made.
    if (planted) await revokeSession(planted);
    const token = await createSsoSession({ person: { ...person, role }, sid, idToken });
    if (!token) throw new SsoFailure("store", "the session was not stored");
    countSignIn("oidc", "ok");
    log.security("login_succeeded", { requestId, username: person.username, role, method: "sso" });
    await recordAudit({
      action: "signed_in",
      actor: person.username,
      requestId,
      details: { address, role, method: "sso", sub: person.sub },
    });
    return seeOther(flow.next, [cleared, sessionCookie(request.headers, token)]);
  } catch (error) {
    const { reason, detail } = asSsoFailure(error);
    // The provider or the app's database not answering is not the person's fault: counted as busy.
    countSignIn("oidc", reason === "unavailable" || reason === "store" ? "busy" : "refused");
    log.security("sso_sign_in_failed", { requestId, reason, detail });
    // Without a flow anyone can cause this by opening the URL, so it is counted; with one, a sign-in really failed.
    if (flow) await recordAudit({ action: "sso_sign_in_failed", requestId, details: { address, reason, detail } });
    else countRefusal(address, "sso_flow_missing");
    return seeOther(`/login/failed?reason=${reason}&ref=${encodeURIComponent(requestId)}`, [cleared]);
  }
});

const notAllowed = methodNotAllowed(["GET", "HEAD"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
