import { compareEnvironments } from "@/lib/server/compare/compare-environments";
import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { comparisonToJson } from "@/lib/shared/compare-categories";

export const GET = apiRoute("viewer", async (_request, { requestId }) =>
  jsonResponse(comparisonToJson(await compareEnvironments({ requestId })), 200),
);

const notAllowed = methodNotAllowed(["GET", "HEAD"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, notAllowed as OPTIONS };
