import { comparisonJson } from "@/lib/server/compare/comparison-for-first-paint";
import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { assertTokenMay } from "@/lib/server/tokens/token-caller";
import { configuredEnvironments } from "@/lib/server/config/environments";

export const GET = apiRoute(
  "viewer",
  async (_request, { requestId, token }) => {
    assertTokenMay(token, ...configuredEnvironments());
    return jsonResponse(await comparisonJson({ requestId }), 200);
  },
  { tokens: "accepted" },
);

const notAllowed = methodNotAllowed(["GET", "HEAD"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, notAllowed as OPTIONS };
