import "server-only";
import type { ChangeContext } from "@/lib/server/audit/change-context";
import { startWithTrail } from "@/lib/server/jobs/start-with-trail";
import type { PromotionRequest } from "@/lib/shared/promotion-request";
import { promotionKind } from "./promotion-kind";
import { type PlannedRow, createPromotion, oneAtATime } from "./promotion-store";

/**
 * Stored and started from a fresh plan: Compare's promote, or an approved request's (only while its approval holds).
 * The job with its rows, its start, its audit entry and the approval's record of it commit together. Gives its id.
 */
export async function startPromotion(
  { from, to }: Pick<PromotionRequest, "from" | "to">,
  { rows, knownIds }: { rows: PlannedRow[]; knownIds: string[] },
  context: ChangeContext,
): Promise<string> {
  const skipped = rows.filter((row) => row.existingId !== undefined).length;
  const { actor, approval } = context;
  return oneAtATime(
    to,
    startWithTrail(context, async (tx) => {
      const changeRequestId = approval?.changeRequestId;
      const id = await createPromotion({ from, to, createdBy: actor ?? "", changeRequestId, knownIds, rows }, tx);
      const details = { promotionId: id, from, environment: to, rows: rows.length - skipped, skipped };
      return { id, action: promotionKind.auditActions.started, details };
    }),
  );
}
