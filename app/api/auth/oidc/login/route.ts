import { oidcConfiguration, ssoSettings } from "@/lib/server/auth/oidc/discovery";
import { flowCookie } from "@/lib/server/auth/oidc/flow-cookie";
import { startSignIn } from "@/lib/server/auth/oidc/sign-in";
import { asSsoFailure } from "@/lib/server/auth/oidc/sso-failure";
import { safeNextPath } from "@/lib/server/auth/safe-next-path";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { seeOther } from "@/lib/server/http/see-other";
import { log } from "@/lib/server/log";

// A link on /login, never prefetched (a plain <a>): each visit starts a new sign-in and replaces the flow cookie.
export const GET = apiRoute("public", async (request, { requestId }) => {
  const settings = ssoSettings();
  const params = new URL(request.url).searchParams;
  try {
    const configuration = await oidcConfiguration();
    const { flow, url } = await startSignIn(configuration, settings, safeNextPath(params.get("next")), {
      fresh: params.has("fresh"),
    });
    return seeOther(url.href, [await flowCookie(request.headers, flow)]);
  } catch (error) {
    const { reason, detail } = asSsoFailure(error);
    log.warn("sso_sign_in_not_started", { requestId, reason, detail });
    return seeOther(`/login/failed?reason=${reason}&ref=${encodeURIComponent(requestId)}`);
  }
});

const notAllowed = methodNotAllowed(["GET", "HEAD"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
