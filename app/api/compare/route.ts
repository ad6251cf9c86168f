import { comparisonJson } from "@/lib/server/compare/comparison-for-first-paint";
import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";

export const GET = apiRoute("viewer", async (_request, { requestId }) =>
  jsonResponse(await comparisonJson({ requestId }), 200),
);

const notAllowed = methodNotAllowed(["GET", "HEAD"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, notAllowed as OPTIONS };
