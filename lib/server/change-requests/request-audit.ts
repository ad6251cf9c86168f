import "server-only";
import type { ApprovalDetails, ChangeContext } from "@/lib/server/audit/change-context";
import { writeAudit } from "@/lib/server/audit/audit-trail";
import type { Db } from "@/lib/server/db/database";
import type { ChangeRequest } from "@/lib/shared/change-request-schemas";
import { appLink } from "@/lib/server/webhooks/app-link";
import { queueWebhookEvent } from "@/lib/server/webhooks/delivery-store";

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
  await queueWebhookEvent(db, requestWebhookEvent(action, request));
}

const REQUEST_EVENT_TYPES = {
  request_created: "request.created",
  request_approved: "request.approved",
  request_rejected: "request.rejected",
  request_withdrawn: "request.withdrawn",
  request_expired: "request.expired",
} as const satisfies Record<RequestAction, string>;

/** `request.created`, `request.approved`, …: the request's thin summary and a link to its page (issue 45). */
function requestWebhookEvent(action: RequestAction, request: ChangeRequest) {
  const { id, kind, environment, state, requestedBy, decidedBy, comment, summary } = request;
  const data = { request: { id, kind, environment, state, requestedBy, decidedBy, comment, summary } };
  return {
    type: REQUEST_EVENT_TYPES[action],
    environment,
    data: JSON.stringify({ ...data, url: appLink(`/requests/${id}`) }),
  };
}

export const approvalDetails = (request: ChangeRequest, approvedBy: string): ApprovalDetails => ({
  changeRequestId: request.id,
  requestedBy: request.requestedBy,
  approvedBy,
});
