import { approvalRequired } from "@/lib/server/change-requests/approval-required";
import { openRequest } from "@/lib/server/change-requests/open-request";
import { getConfig } from "@/lib/server/config/config";
import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { validateBody } from "@/lib/server/http/validate-body";
import { jobWithRows, listJobs } from "@/lib/server/jobs/job-store";
import { planPromotion } from "@/lib/server/promotions/plan-promotion";
import { startPromotion } from "@/lib/server/promotions/start-promotion";
import { promotionRequestSchema } from "@/lib/shared/promotion-request";
import { assertTokenMay, jobEnvironments, tokenMay } from "@/lib/server/tokens/token-caller";

export const GET = apiRoute(
  "admin",
  async (_request, { token }) => {
    const promotions = await listJobs("promotion");
    const allowed = promotions.filter((job) => tokenMay(token, ...jobEnvironments(job)));
    return jsonResponse(JSON.stringify(allowed), 200);
  },
  { tokens: "accepted" },
);

export const POST = apiRoute(
  "admin",
  async (request, { requestId, user, token }) => {
    const body = validateBody(
      // As many ids as an import file has rows, so the import's size limit rather than a form's.
      await readJsonBody(request, getConfig().imports.maxBytes),
      promotionRequestSchema,
      'Send {"from": "staging", "to": "production", "ids": ["<category id>", …]}.',
    );
    assertTokenMay(token, body.from, body.to);
    const plan = await planPromotion(body, { requestId });
    if (approvalRequired(body.to)) {
      // The categories as they are now in the source; the approval plans again against the target of its moment.
      const categories = plan.rows.map(({ sourceId: id, name, description }) => ({ id, name, description }));
      return openRequest(
        {
          kind: "promotion",
          environment: body.to,
          categories: categories.length,
          details: JSON.stringify({ from: body.from, categories }),
        },
        { requestId, actor: user?.username ?? "", token: token?.name },
      );
    }
    const id = await startPromotion(body, plan, { requestId, actor: user?.username, token: token?.name });
    return jsonResponse(JSON.stringify(await jobWithRows(id)), 201, { location: `/api/promotions/${id}` });
  },
  { tokens: "accepted" },
);

const notAllowed = methodNotAllowed(["GET", "HEAD", "POST"]);
export { notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
