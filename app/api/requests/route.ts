import { sweepRequests } from "@/lib/server/change-requests/sweep-requests";
import { changeRequestsToJson } from "@/lib/server/change-requests/request-json";
import { listRequests } from "@/lib/server/change-requests/request-store";
import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { changeRequestFilterSchema } from "@/lib/shared/change-request-schemas";
import { tokenMay } from "@/lib/server/tokens/token-caller";

export const GET = apiRoute(
  "admin",
  async (request, { token }) => {
    const state = changeRequestFilterSchema.parse(new URL(request.url).searchParams.get("state") ?? undefined);
    await sweepRequests();
    const requests = (await listRequests(state)).filter((request) => tokenMay(token, request.environment));
    return jsonResponse(changeRequestsToJson(requests), 200);
  },
  { tokens: "accepted" },
);

const notAllowed = methodNotAllowed(["GET", "HEAD"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
