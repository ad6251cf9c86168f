import "server-only";
import { writeAudit } from "@/lib/server/audit/audit-trail";
import type { ChangeContext } from "@/lib/server/audit/change-context";
import { transaction } from "@/lib/server/db/database";
import { wakeJobWorker } from "@/lib/server/jobs/job-worker";
import type { PromotionRequest } from "@/lib/shared/promotion-request";
import { type PlannedRow, createPromotion, oneAtATime } from "./promotion-store";

/**
 * Stored and started from a fresh plan: Compare's promote, or an approved request's (only while its approval holds).
 * The job with its rows, its start, its audit entry and the approval's record of it commit together. Gives its id.
 */
export async function startPromotion(
  { from, to }: Pick<PromotionRequest, "from" | "to">,
  { rows, knownIds }: { rows: PlannedRow[]; knownIds: string[] },
  { requestId, actor, approval, fence }: ChangeContext,
): Promise<string> {
  const skipped = rows.filter((row) => row.existingId !== undefined).length;
  const id = await oneAtATime(
    to,
    transaction(async (tx) => {
      const changeRequestId = approval?.changeRequestId;
      const created = await createPromotion({ from, to, createdBy: actor ?? "", changeRequestId, knownIds, rows }, tx);
      const details = { promotionId: created, from, environment: to, rows: rows.length - skipped, skipped };
      await writeAudit(tx, [{ action: "promotion_started", actor, requestId, details: { ...details, ...approval } }]);
      await fence?.(tx, { jobId: created });
      return created;
    }),
  );
  wakeJobWorker();
  return id;
}
