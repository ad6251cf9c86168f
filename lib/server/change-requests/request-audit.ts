import "server-only";
import type { ApprovalDetails, ChangeContext } from "@/lib/server/audit/change-context";
import { writeAudit } from "@/lib/server/audit/audit-trail";
import type { Db } from "@/lib/server/db/database";
import type { ChangeRequest } from "@/lib/shared/change-request-schemas";

type RequestAction =
  | "request_created"
  | "request_approved"
  | "request_rejected"
  | "request_withdrawn"
  | "request_expired";

/**
 * Every request entry names the request (History links it), both people, and what it asks for. Written in `db`, the
 * transaction of the change it records: no change without its entry.
 */
export async function recordRequestEvent(
  db: Db,
  action: RequestAction,
  request: ChangeRequest,
  { actor, token, requestId }: Pick<ChangeContext, "actor" | "token"> & { requestId?: string },
): Promise<void> {
  await writeAudit(db, [
    {
      action,
      actor,
      token,
      requestId,
      details: {
        changeRequestId: request.id,
        kind: request.kind,
        environment: request.environment,
        categories: request.summary.categories,
        requestedBy: request.requestedBy,
        decidedBy: request.decidedBy ?? undefined,
        comment: request.comment ?? undefined,
      },
    },
  ]);
}

export const approvalDetails = (request: ChangeRequest, approvedBy: string): ApprovalDetails => ({
  changeRequestId: request.id,
  requestedBy: request.requestedBy,
  approvedBy,
});
