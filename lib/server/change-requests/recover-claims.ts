import "server-only";
import type { Started } from "@/lib/server/audit/change-context";
import { query, transaction } from "@/lib/server/db/database";
import { log } from "@/lib/server/log";
import type { ChangeRequest } from "@/lib/shared/change-request-schemas";
import { categoryToJson } from "@/lib/shared/exact-json";
import { recordRequestEvent } from "./request-audit";
import { releaseClaim, settleApproval } from "./request-states";
import { REQUEST_COLUMNS, type StoredRequest, toChangeRequest } from "./request-store";

type CreateTrace = { action: string; categoryId: string | null; reason: string | null };

/** What the create an approval began left in its audit entry, read by the entry's id; as the request's result. */
async function createResult(request: Extract<ChangeRequest, { kind: "create" }>, auditId: string): Promise<string> {
  const { rows } = await query<CreateTrace>(
    `SELECT action, details->>'categoryId' AS "categoryId", details->>'reason' AS reason FROM audit_events
     WHERE id = $1`,
    [auditId],
  );
  const trace = rows[0];
  // The request's own name and description, as sent: the audit trail keeps a long name cut short.
  const { name, description } = request.details.category;
  if (trace?.action === "category_created" && trace.categoryId)
    return `{"category":${categoryToJson({ id: trace.categoryId, name, description })}}`;
  const error =
    trace?.action === "category_create_failed"
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

export type ClaimedRequest = StoredRequest & { claimToken: string | null; approver: string; started: string | null };

const CLAIM_COLUMNS = `${REQUEST_COLUMNS}, claim_token AS "claimToken", decided_by AS approver,
  started::text AS started`;

export async function readClaimedRequest(id: string): Promise<ClaimedRequest | undefined> {
  const { rows } = await query<ClaimedRequest>(`SELECT ${CLAIM_COLUMNS} FROM change_requests WHERE id = $1`, [id]);
  return rows[0];
}

/**
 * A claim settled from what its approval started (change_requests.started, written with the start): approved with
 * what ran when something started, pending again, as it was, when nothing did. `stale` for the sweep, which acts only
 * once the claim's lease ran out. Gives the request when this call settled it.
 */
export async function settleClaim(
  row: ClaimedRequest,
  { stale }: { stale: boolean },
): Promise<ChangeRequest | undefined> {
  const request = toChangeRequest(row);
  const { approver, claimToken: token } = row;
  if (row.started === null) {
    const released = await transaction((tx) => releaseClaim(tx, request.id, token, { stale }));
    if (released) log.warn("request_claim_released", { changeRequestId: request.id, approver });
    return released && toChangeRequest(released);
  }
  const started = JSON.parse(row.started) as Started;
  const result =
    "jobId" in started
      ? JSON.stringify({ jobId: started.jobId })
      : await createResult(request as Extract<ChangeRequest, { kind: "create" }>, started.auditId);
  const approved = await transaction(async (tx) => {
    const settled = await settleApproval(tx, request.id, token, result, { stale });
    if (!settled) return undefined;
    await recordRequestEvent(tx, "request_approved", toChangeRequest(settled), { actor: approver });
    return toChangeRequest(settled);
  });
  if (approved) log.warn("request_claim_settled", { changeRequestId: request.id, approver });
  return approved;
}

/** Approvals whose process stopped between claiming the request and settling it (its lease ran out). */
export async function recoverStaleClaims(): Promise<void> {
  const { rows } = await query<ClaimedRequest>(
    `SELECT ${CLAIM_COLUMNS} FROM change_requests
     WHERE state = 'approving' AND (claim_expires IS NULL OR claim_expires < now())`,
  );
  for (const row of rows) await settleClaim(row, { stale: true });
}
