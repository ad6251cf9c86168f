import { recordAudit } from "@/lib/audit/audit-trail";
import { catalogue } from "@/lib/catalogue/catalogue";
import { categoriesToJson, categoryToJson } from "@/lib/categories/exact-json";
import { validateNewCategory } from "@/lib/categories/validate-new-category";
import { getConfig } from "@/lib/config/config";
import { jsonResponse } from "@/lib/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/http/api-route";
import { readJsonBody } from "@/lib/http/read-json-body";

export const GET = apiRoute("viewer", async (_request, { requestId }) => {
  const categories = await catalogue().listCategories({ requestId });
  return jsonResponse(categoriesToJson(categories), 200);
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
