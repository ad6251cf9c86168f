import { getConfig } from "@/lib/server/config/config";
import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { validateBody } from "@/lib/server/http/validate-body";
import { listTokens } from "@/lib/server/tokens/token-store";
import { issueToken } from "@/lib/server/tokens/tokens";
import { newTokenSchema } from "@/lib/shared/service-account-schemas";

// For admins in a signed-in session: a token never issues or lists tokens (apiRoute refuses it).
export const GET = apiRoute("admin", async (request) => {
  const account = new URL(request.url).searchParams.get("account") ?? undefined;
  return jsonResponse(JSON.stringify({ tokens: await listTokens(account) }), 200);
});

export const POST = apiRoute("admin", async (request, { user, requestId }) => {
  const wanted = validateBody(
    await readJsonBody(request, getConfig().maxBodyBytes),
    newTokenSchema,
    'Send {"account": "…", "name": "…", "expiresInDays"?: 90, "environments"?: ["staging"]}.',
  );
  const issued = await issueToken(wanted, { username: user?.username ?? "", requestId });
  return jsonResponse(JSON.stringify(issued), 201, { location: `/api/tokens/${issued.token.id}` });
});

const notAllowed = methodNotAllowed(["GET", "HEAD", "POST"]);
export { notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
