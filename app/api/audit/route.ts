import { recentAuditEntries } from "@/lib/audit/read-audit";
import { jsonResponse } from "@/lib/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/http/api-route";

const DEFAULT_LIMIT = 100;

/** Admins only: the most recent audit entries, newest first (`?limit=` up to 1000). */
export const GET = apiRoute("admin", async (request) => {
  const asked = Number(new URL(request.url).searchParams.get("limit") ?? DEFAULT_LIMIT);
  const limit = Number.isInteger(asked) && asked > 0 ? Math.min(asked, 1000) : DEFAULT_LIMIT;
  return jsonResponse(JSON.stringify(await recentAuditEntries(limit)), 200);
});

const notAllowed = methodNotAllowed(["GET", "HEAD"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
