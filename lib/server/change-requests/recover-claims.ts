import "server-only";
import { query } from "@/lib/server/db/database";
import { log } from "@/lib/server/log";
import type { ChangeRequest } from "@/lib/shared/change-request-schemas";
import { categoryToJson } from "@/lib/shared/exact-json";
import { recordRequestEvent } from "./request-audit";
import { releaseClaim, settleApproval } from "./request-states";
import { REQUEST_COLUMNS, type StoredRequest, toChangeRequest } from "./request-store";

type CreateTrace = { action: string; categoryId: string | null; reason: string | null };

/**
 * What a create that an approval began left in the audit trail, which is written before the create is sent: nothing
 * means nothing was sent. Gives the request's result as JSON text, or undefined when nothing was sent.
 */
async function createResult(request: Extract<ChangeRequest, { kind: "create" }>): Promise<string | undefined> {
  const { rows } = await query<CreateTrace>(
    `SELECT action, details->>'categoryId' AS "categoryId", details->>'reason' AS reason
     FROM audit_events WHERE details->>'changeRequestId' = $1
       AND action IN ('category_create_requested', 'category_created', 'category_create_failed')`,
    [request.id],
  );
  const [trace] = rows;
  if (!trace) return undefined;
  // The request's own name and description, as sent: the audit trail keeps a long name cut short.
  const { name, description } = request.details.category;
  if (trace.action === "category_created" && trace.categoryId)
    return `{"category":${categoryToJson({ id: trace.categoryId, name, description })}}`;
  const error =
    trace.action === "category_create_failed"
      ? {
          code: trace.reason ?? "internal_error",
          status: 502,
          message: `The catalogue service did not create ${name}.`,
        }
      : {
          code: "outcome_unknown",
          status: 504,
          message: `The app stopped while it was sending this create, so whether ${request.environment} has ${name} is unknown. Look for it in the list before asking for it again.`,
        };
  return JSON.stringify({ error });
}

/** The job an approval started, if it got that far: an import leaves preview, a promotion's job names the request. */
async function jobResult(request: Exclude<ChangeRequest, { kind: "create" }>): Promise<string | undefined> {
  const { rows } = await query<{ id: string }>(
    request.kind === "import"
      ? `SELECT id FROM import_jobs WHERE id = $1 AND state <> 'preview'`
      : `SELECT id FROM import_jobs WHERE change_request_id = $1 AND state <> 'preview'`,
    [request.kind === "import" ? request.details.importId : request.id],
  );
  return rows[0] && JSON.stringify({ jobId: rows[0].id });
}

/**
 * Approvals whose process stopped between claiming the request and settling it (its lease ran out): approved with
 * what the change left, when it began; pending again, as it was, when nothing was sent. Run with the expiry sweep.
 */
export async function recoverStaleClaims(): Promise<void> {
  const { rows } = await query<StoredRequest & { claimToken: string | null; approver: string }>(
    `SELECT ${REQUEST_COLUMNS}, claim_token AS "claimToken", decided_by AS approver FROM change_requests
     WHERE state = 'approving' AND (claim_expires IS NULL OR claim_expires < now())`,
  );
  for (const row of rows) {
    const request = toChangeRequest(row);
    const result = request.kind === "create" ? await createResult(request) : await jobResult(request);
    const { approver } = row;
    if (result === undefined) {
      if (await releaseClaim(request.id, row.claimToken, { stale: true }))
        log.warn("request_claim_released", { changeRequestId: request.id, approver });
      continue;
    }
    const settled = await settleApproval(request.id, row.claimToken, result, { stale: true });
    if (!settled) continue;
    log.warn("request_claim_settled", { changeRequestId: request.id, approver });
    await recordRequestEvent("request_approved", toChangeRequest(settled), { actor: approver });
  }
}
