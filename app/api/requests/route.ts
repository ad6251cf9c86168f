import { sweepRequests } from "@/lib/server/change-requests/sweep-requests";
import { changeRequestsToJson } from "@/lib/server/change-requests/request-json";
import { listRequests } from "@/lib/server/change-requests/request-store";
import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { changeRequestFilterSchema } from "@/lib/shared/change-request-schemas";

export const GET = apiRoute("admin", async (request) => {
  const state = changeRequestFilterSchema.parse(new URL(request.url).searchParams.get("state") ?? undefined);
  await sweepRequests();
  return jsonResponse(changeRequestsToJson(await listRequests(state)), 200);
});

const notAllowed = methodNotAllowed(["GET", "HEAD"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
