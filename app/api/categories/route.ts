import { recordAudit } from "@/lib/audit/audit-trail";
import { catalogue } from "@/lib/catalogue/catalogue";
import { categoryToJson } from "@/lib/categories/exact-json";
import { validateNewCategory } from "@/lib/categories/validate-new-category";
import { getConfig } from "@/lib/config/config";
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

export const POST = apiRoute(
  "admin",
  async (request, { requestId, user }) => {
    const input = validateNewCategory(await readJsonBody(request, getConfig().maxBodyBytes));
    const created = await catalogue().createCategory(input, { requestId });
    await recordAudit({ event: "category_created", username: user?.username ?? "", requestId, categoryId: created.id, name: created.name });
    return jsonResponse(categoryToJson(created), 201);
  },
  {
    onRefused: (error, { requestId, user }) =>
      recordAudit({ event: "category_create_refused", username: user?.username ?? "anonymous", requestId, reason: error.code }),
  },
);

const notAllowed = methodNotAllowed(["GET", "HEAD", "POST"]);
export { notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, notAllowed as OPTIONS };
