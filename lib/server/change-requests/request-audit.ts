import "server-only";
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
  { actor, requestId }: { actor?: string; requestId?: string },
): Promise<void> {
  await writeAudit(db, [
    {
      action,
      actor,
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

/** What the change that ran adds to its own audit entries, so History shows both names beside it. */
export const approvalDetails = (request: ChangeRequest, approvedBy: string) => ({
  changeRequestId: request.id,
  requestedBy: request.requestedBy,
  approvedBy,
});

export type ApprovalDetails = ReturnType<typeof approvalDetails>;
