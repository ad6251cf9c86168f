import "server-only";
import { randomUUID } from "node:crypto";
import { log } from "@/lib/server/log";
import { AppError } from "@/lib/shared/app-error";
import type { ChangeRequest, ChangeRequestDecision } from "@/lib/shared/change-request-schemas";
import { sweepRequests } from "./sweep-requests";
import { recordRequestEvent } from "./request-audit";
import {
  claimForApproval,
  claimRenewMs,
  closeRequest,
  releaseClaim,
  renewClaim,
  settleApproval,
} from "./request-states";
import { type StoredRequest, readStoredRequest, requestById, requestNotFound, toChangeRequest } from "./request-store";
import { runApproved } from "./run-approved";

function alreadyDecided(row: StoredRequest | undefined): AppError {
  if (!row) return requestNotFound();
  const message =
    row.storedState === "approving"
      ? `This request is being approved by another admin, so it cannot be decided again.`
      : `This request is already ${row.state}${row.decidedBy ? ` (by ${row.decidedBy})` : ""}, so it cannot be decided again.`;
  return new AppError(409, "request_already_decided", message);
}

/** Who may do what, before its state: the requester never approves or rejects, and only the requester withdraws. */
function checkPerson(request: ChangeRequest, { action }: ChangeRequestDecision, username: string): void {
  const own = request.requestedBy === username;
  if (action === "withdraw" && !own)
    throw new AppError(
      403,
      "not_the_requester",
      `Only ${request.requestedBy}, who made this request, can withdraw it.`,
    );
  if (action !== "withdraw" && own)
    throw new AppError(
      403,
      "approver_is_requester",
      `You made this request, so another admin must ${action} it. You can withdraw it.`,
    );
}

/** approve, reject or withdraw, once: of two decisions at the same moment one wins and the other gets 409. */
export async function decideRequest(
  id: string,
  decision: ChangeRequestDecision,
  { username, requestId }: { username: string; requestId: string },
): Promise<ChangeRequest> {
  await sweepRequests();
  const current = await readStoredRequest(id);
  if (!current) throw requestNotFound();
  checkPerson(toChangeRequest(current), decision, username);
  if (decision.action !== "approve") {
    const state = decision.action === "reject" ? "rejected" : "withdrawn";
    const closed = await closeRequest(id, state, username, decision.comment);
    if (!closed) throw alreadyDecided(await readStoredRequest(id));
    const request = toChangeRequest(closed);
    await recordRequestEvent(`request_${state}`, request, { actor: username, requestId });
    return request;
  }
  return approve(id, decision.comment, username, requestId);
}

// The claim, not a transaction held open across the catalogue call: the embedded database serves one session, and a
// create may take CATALOGUE_TIMEOUT_MS. While claimed, every other decision's UPDATE finds no pending row; the claim is
// renewed as a job's lease is, so that the sweep settles it only when this process has stopped.
async function approve(id: string, comment: string | undefined, approver: string, requestId: string) {
  const token = randomUUID();
  const claimed = await claimForApproval(id, { approver, token, text: comment });
  if (!claimed) throw alreadyDecided(await readStoredRequest(id));
  const renewing = setInterval(() => void renewClaim(id, token).catch(() => undefined), claimRenewMs());
  let result: string;
  try {
    result = await runApproved(toChangeRequest(claimed), approver, requestId);
  } catch (error) {
    await releaseClaim(id, token).catch((releaseError: unknown) =>
      log.error("request_claim_not_released", {
        requestId,
        changeRequestId: id,
        error: releaseError instanceof Error ? releaseError.message : String(releaseError),
      }),
    );
    throw error;
  } finally {
    clearInterval(renewing);
  }
  const settled = await settleApproval(id, token, result);
  if (!settled) {
    // The claim outlived its lease unrenewed and a sweep settled it from what the change left: that is the answer.
    log.error("request_claim_lost", { requestId, changeRequestId: id });
    return requestById(id);
  }
  const approved = toChangeRequest(settled);
  await recordRequestEvent("request_approved", approved, { actor: approver, requestId });
  return approved;
}
