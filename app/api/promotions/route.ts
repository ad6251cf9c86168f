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

export const GET = apiRoute("admin", async () => jsonResponse(JSON.stringify(await listJobs("promotion")), 200));

export const POST = apiRoute("admin", async (request, { requestId, user }) => {
  const body = validateBody(
    // As many ids as an import file has rows, so the import's size limit rather than a form's.
    await readJsonBody(request, getConfig().imports.maxBytes),
    promotionRequestSchema,
    'Send {"from": "staging", "to": "production", "ids": ["<category id>", …]}.',
  );
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
      { requestId, actor: user?.username ?? "" },
    );
  }
  const id = await startPromotion(body, plan, { requestId, actor: user?.username });
  return jsonResponse(JSON.stringify(await jobWithRows(id)), 201, { location: `/api/promotions/${id}` });
});

const notAllowed = methodNotAllowed(["GET", "HEAD", "POST"]);
export { notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
