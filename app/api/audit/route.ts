import { auditQuerySchema } from "@/lib/audit/audit-query";
import { auditPage } from "@/lib/audit/read-audit";
import { jsonResponse } from "@/lib/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/http/api-route";
import { validateBody } from "@/lib/http/validate-body";

/**
 * Admins only: audit entries newest first, a page at a time: `{ entries, next }`. Filters `?actor=&action=&from=&to=`
 * (ISO times, `to` exclusive); `?limit=` up to 500 (default 50); `?before=` the previous page's `next`.
 */
export const GET = apiRoute("admin", async (request) => {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const filters = validateBody(params, auditQuerySchema, "Send the filters as query parameters.");
  return jsonResponse(JSON.stringify(await auditPage(filters)), 200);
});

const notAllowed = methodNotAllowed(["GET", "HEAD"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
