import { auditPage } from "@/lib/audit/read-audit";
import { AppError } from "@/lib/errors/app-error";
import { jsonResponse } from "@/lib/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/http/api-route";

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 500;

function whole(raw: string | null, name: string, min: number, max: number): number | undefined {
  if (raw === null) return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new AppError(400, "invalid_request", `${name} must be a whole number from ${min} to ${max}.`, { [name]: `From ${min} to ${max}` });
  }
  return value;
}

/** Admins only: audit entries newest first, a page at a time (`?limit=` up to 500, `?before=` the previous `next`). */
export const GET = apiRoute("admin", async (request) => {
  const params = new URL(request.url).searchParams;
  const limit = whole(params.get("limit"), "limit", 1, MAX_LIMIT) ?? DEFAULT_LIMIT;
  const before = whole(params.get("before"), "before", 1, Number.MAX_SAFE_INTEGER);
  return jsonResponse(JSON.stringify(await auditPage(before, limit)), 200);
});

const notAllowed = methodNotAllowed(["GET", "HEAD"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
