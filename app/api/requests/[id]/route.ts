import { decideRequest } from "@/lib/server/change-requests/decide-request";
import { sweepRequests } from "@/lib/server/change-requests/sweep-requests";
import { changeRequestToJson } from "@/lib/server/change-requests/request-json";
import { requestById } from "@/lib/server/change-requests/request-store";
import { getConfig } from "@/lib/server/config/config";
import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { validateBody } from "@/lib/server/http/validate-body";
import { changeRequestDecisionSchema } from "@/lib/shared/change-request-schemas";
import { assertTokenMay } from "@/lib/server/tokens/token-caller";

// A script may follow the request its change became; deciding one (below) is for people only.
export const GET = apiRoute(
  "admin",
  async (_request, { params, token }) => {
    await sweepRequests();
    const request = await requestById(params.id);
    assertTokenMay(token, request.environment);
    return jsonResponse(changeRequestToJson(request), 200);
  },
  { tokens: "accepted" },
);

export const POST = apiRoute("admin", async (request, { requestId, user, params }) => {
  const decision = validateBody(
    await readJsonBody(request, getConfig().maxBodyBytes),
    changeRequestDecisionSchema,
    'Send {"action": "approve" | "reject" | "withdraw", "comment"?: "…"}.',
  );
  const decided = await decideRequest(params.id ?? "", decision, { username: user?.username ?? "", requestId });
  return jsonResponse(changeRequestToJson(decided), 200);
});

const notAllowed = methodNotAllowed(["GET", "HEAD", "POST"]);
export { notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
