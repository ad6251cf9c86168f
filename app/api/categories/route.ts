import { catalogue } from "@/lib/catalogue/catalogue";
import { categoriesToJson, categoryToJson } from "@/lib/categories/exact-json";
import { validateNewCategory } from "@/lib/categories/validate-new-category";
import { getConfig } from "@/lib/config/config";
import { jsonResponse } from "@/lib/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/http/api-route";
import { readJsonBody } from "@/lib/http/read-json-body";

export const GET = apiRoute("viewer", async () => {
  const categories = await catalogue().listCategories();
  return jsonResponse(categoriesToJson(categories), 200);
});

export const POST = apiRoute("admin", async (request) => {
  const input = validateNewCategory(await readJsonBody(request, getConfig().maxBodyBytes));
  const created = await catalogue().createCategory(input);
  return jsonResponse(categoryToJson(created), 201);
});

const notAllowed = methodNotAllowed(["GET", "HEAD", "POST"]);
export { notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, notAllowed as OPTIONS };
