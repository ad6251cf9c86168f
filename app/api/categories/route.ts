import { recordAudit, recordCreateRequested } from "@/lib/audit/audit-trail";
import { catalogue } from "@/lib/catalogue/catalogue";
import { categoryToJson } from "@/lib/categories/exact-json";
import { validateNewCategory } from "@/lib/categories/validate-new-category";
import { getConfig } from "@/lib/config/config";
import { AppError } from "@/lib/errors/app-error";
import { jsonResponse } from "@/lib/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/http/api-route";
import { etagMatches } from "@/lib/http/etag-matches";
import { readJsonBody } from "@/lib/http/read-json-body";

/** The list as the service sent it (validated), with an ETag; a refresh of an unchanged list gets 304 and no body. */
export const GET = apiRoute("viewer", async (request, { requestId }) => {
  const { bytes, etag } = await catalogue().listCategoriesAsJson({ requestId });
  if (etagMatches(request, etag)) return new Response(null, { status: 304, headers: { etag, "cache-control": "no-store" } });
  return jsonResponse(new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength), 200, { etag });
});

/**
 * The create, with its audit entry written before it is sent (no database, no create: 503 store_unavailable) and
 * completed with the new id or the failure. A create refused before that (invalid input) is recorded as refused.
 */
export const POST = apiRoute("admin", async (request, { requestId, user }) => {
  const actor = user?.username;
  let input;
  try {
    input = validateNewCategory(await readJsonBody(request, getConfig().maxBodyBytes));
  } catch (error) {
    if (error instanceof AppError) await recordAudit({ action: "category_create_refused", actor, requestId, details: { reason: error.code } });
    throw error;
  }
  const entry = await recordCreateRequested({ actor, requestId, details: { name: input.name } });
  try {
    const created = await catalogue().createCategory(input, { requestId });
    await entry.complete("category_created", { categoryId: created.id, name: created.name });
    return jsonResponse(categoryToJson(created), 201);
  } catch (error) {
    await entry.complete("category_create_failed", { reason: error instanceof AppError ? error.code : "internal_error" });
    throw error;
  }
});

const notAllowed = methodNotAllowed(["GET", "HEAD", "POST"]);
export { notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, notAllowed as OPTIONS };
