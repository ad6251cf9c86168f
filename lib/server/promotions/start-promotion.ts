import "server-only";
import { recordAudit } from "@/lib/server/audit/audit-trail";
import type { ApprovalDetails } from "@/lib/server/change-requests/request-audit";
import { wakeJobWorker } from "@/lib/server/jobs/job-worker";
import type { PromotionRequest } from "@/lib/shared/promotion-request";
import { type PlannedRow, createPromotion } from "./promotion-store";

/** Stored and started from a fresh plan: Compare's promote, or an approved request's. Gives the promotion's id. */
export async function startPromotion(
  { from, to }: Pick<PromotionRequest, "from" | "to">,
  { rows, knownIds }: { rows: PlannedRow[]; knownIds: string[] },
  { requestId, actor, approval }: { requestId: string; actor?: string; approval?: ApprovalDetails },
): Promise<string> {
  const id = await createPromotion({
    from,
    to,
    createdBy: actor ?? "",
    changeRequestId: approval?.changeRequestId,
    knownIds,
    rows,
  });
  wakeJobWorker();
  const skipped = rows.filter((row) => row.existingId !== undefined).length;
  await recordAudit({
    action: "promotion_started",
    actor,
    requestId,
    details: { promotionId: id, from, environment: to, rows: rows.length - skipped, skipped, ...approval },
  });
  return id;
}
