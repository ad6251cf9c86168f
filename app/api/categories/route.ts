import { recordAudit } from "@/lib/server/audit/audit-trail";
import { catalogue } from "@/lib/server/catalogue/catalogue";
import { createCategory } from "@/lib/server/categories/create-category";
import { categoryToJson } from "@/lib/shared/exact-json";
import { validateNewCategory } from "@/lib/server/categories/validate-new-category";
import { approvalRequired } from "@/lib/server/change-requests/approval-required";
import { openRequest } from "@/lib/server/change-requests/open-request";
import { getConfig } from "@/lib/server/config/config";
import { AppError } from "@/lib/shared/app-error";
import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { etagMatches } from "@/lib/server/http/etag-matches";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { requestEnvironment } from "@/lib/server/environment/environment-param";
import { assertTokenMay } from "@/lib/server/tokens/token-caller";

export const GET = apiRoute(
  "viewer",
  async (request, { requestId, token }) => {
    const environment = requestEnvironment(request);
    assertTokenMay(token, environment);
    const { bytes, etag } = await catalogue(environment).listCategoriesAsJson({ requestId });
    if (etagMatches(request, etag))
      return new Response(null, { status: 304, headers: { etag, "cache-control": "no-store" } });
    return jsonResponse(bytes, 200, { etag, "content-length": String(bytes.byteLength) });
  },
  { tokens: "accepted" },
);

export const POST = apiRoute(
  "admin",
  async (request, { requestId, user, token }) => {
    const actor = user?.username;
    const environment = requestEnvironment(request);
    assertTokenMay(token, environment);
    let input;
    try {
      input = validateNewCategory(await readJsonBody(request, getConfig().maxBodyBytes));
    } catch (error) {
      if (error instanceof AppError)
        await recordAudit({
          action: "category_create_refused",
          actor,
          token: token?.name,
          requestId,
          details: { reason: error.code, environment },
        });
      throw error;
    }
    // Checked first, so a request is only ever made of a create that would have been sent.
    if (approvalRequired(environment))
      return openRequest(
        { kind: "create", environment, categories: 1, details: JSON.stringify({ category: input }) },
        { requestId, actor: actor ?? "", token: token?.name },
      );
    const created = await createCategory(environment, input, { requestId, actor, token: token?.name });
    return jsonResponse(categoryToJson(created), 201);
  },
  { tokens: "accepted" },
);

const notAllowed = methodNotAllowed(["GET", "HEAD", "POST"]);
export { notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, notAllowed as OPTIONS };
