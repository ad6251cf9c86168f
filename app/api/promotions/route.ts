import { recordAudit } from "@/lib/server/audit/audit-trail";
import { getConfig } from "@/lib/server/config/config";
import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { validateBody } from "@/lib/server/http/validate-body";
import { jobWithRows, listJobs } from "@/lib/server/jobs/job-store";
import { wakeJobWorker } from "@/lib/server/jobs/job-worker";
import { planPromotion } from "@/lib/server/promotions/plan-promotion";
import { createPromotion } from "@/lib/server/promotions/promotion-store";
import { promotionRequestSchema } from "@/lib/shared/promotion-request";

export const GET = apiRoute("admin", async () => jsonResponse(JSON.stringify(await listJobs("promotion")), 200));

export const POST = apiRoute("admin", async (request, { requestId, user }) => {
  const body = validateBody(
    // As many ids as an import file has rows, so the import's size limit rather than a form's.
    await readJsonBody(request, getConfig().imports.maxBytes),
    promotionRequestSchema,
    'Send {"from": "staging", "to": "production", "ids": ["<category id>", …]}.',
  );
  const { rows, knownIds } = await planPromotion(body, { requestId });
  const id = await createPromotion({ from: body.from, to: body.to, createdBy: user?.username ?? "", knownIds, rows });
  wakeJobWorker();
  const skipped = rows.filter((row) => row.existingId !== undefined).length;
  await recordAudit({
    action: "promotion_started",
    actor: user?.username,
    requestId,
    details: { promotionId: id, from: body.from, environment: body.to, rows: rows.length - skipped, skipped },
  });
  return jsonResponse(JSON.stringify(await jobWithRows(id)), 201, { location: `/api/promotions/${id}` });
});

const notAllowed = methodNotAllowed(["GET", "HEAD", "POST"]);
export { notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
