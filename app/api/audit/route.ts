import { environmentFilter } from "@/lib/server/audit/audit-environment";
import { auditPage } from "@/lib/server/audit/read-audit";
import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { validateBody } from "@/lib/server/http/validate-body";
import { auditQuerySchema } from "@/lib/server/audit/audit-query";

export const GET = apiRoute("admin", async (request) => {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const environment = environmentFilter(request);
  const filters = { ...validateBody(params, auditQuerySchema, "Send the filters as query parameters."), environment };
  return jsonResponse(JSON.stringify(await auditPage(filters)), 200);
});

const notAllowed = methodNotAllowed(["GET", "HEAD"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
