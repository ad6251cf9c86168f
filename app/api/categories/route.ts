import { recordAudit, recordCreateRequested } from "@/lib/server/audit/audit-trail";
import { catalogue } from "@/lib/server/catalogue/catalogue";
import { categoryToJson } from "@/lib/shared/exact-json";
import { validateNewCategory } from "@/lib/server/categories/validate-new-category";
import { getConfig } from "@/lib/server/config/config";
import { AppError } from "@/lib/shared/app-error";
import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { etagMatches } from "@/lib/server/http/etag-matches";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { requestEnvironment } from "@/lib/server/environment/environment-param";
import { categoryCreatedEvent } from "@/lib/server/live/category-created";

export const GET = apiRoute("viewer", async (request, { requestId }) => {
  const { bytes, etag } = await catalogue(requestEnvironment(request)).listCategoriesAsJson({ requestId });
  if (etagMatches(request, etag))
    return new Response(null, { status: 304, headers: { etag, "cache-control": "no-store" } });
  return jsonResponse(bytes, 200, { etag, "content-length": String(bytes.byteLength) });
});

// The audit entry is written before the create is sent (no database, no create) and completed after.
export const POST = apiRoute("admin", async (request, { requestId, user }) => {
  const actor = user?.username;
  const environment = requestEnvironment(request);
  let input;
  try {
    input = validateNewCategory(await readJsonBody(request, getConfig().maxBodyBytes));
  } catch (error) {
    if (error instanceof AppError)
      await recordAudit({
        action: "category_create_refused",
        actor,
        requestId,
        details: { reason: error.code, environment },
      });
    throw error;
  }
  const entry = await recordCreateRequested({ actor, requestId, details: { name: input.name, environment } });
  try {
    const created = await catalogue(environment).createCategory(input, { requestId });
    await entry.complete(
      "category_created",
      { categoryId: created.id, name: created.name },
      categoryCreatedEvent(environment, created, actor, "form"),
    );
    return jsonResponse(categoryToJson(created), 201);
  } catch (error) {
    await entry.complete("category_create_failed", {
      reason: error instanceof AppError ? error.code : "internal_error",
    });
    throw error;
  }
});

const notAllowed = methodNotAllowed(["GET", "HEAD", "POST"]);
export { notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, notAllowed as OPTIONS };
