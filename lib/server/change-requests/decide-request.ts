import "server-only";
import { randomUUID } from "node:crypto";
import { log } from "@/lib/server/log";
import { AppError } from "@/lib/shared/app-error";
import type { ChangeRequest, ChangeRequestDecision } from "@/lib/shared/change-request-schemas";
import { sweepRequests } from "./sweep-requests";
import { recordRequestEvent } from "./request-audit";
import { autocommit, transaction } from "@/lib/server/db/database";
import { holdClaim } from "./hold-claim";
import { readClaimedRequest, settleClaim } from "./recover-claims";
import { claimForApproval, closeRequest, completeResult, releaseClaim, settleApproval } from "./request-states";
import { type StoredRequest, readStoredRequest, requestById, requestNotFound, toChangeRequest } from "./request-store";
import { runApproved } from "./run-approved";
import { errorMessage } from "@/lib/shared/error-message";

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
  if (decision.action === "approve") return approve(id, decision.comment, username, requestId);
  const state = decision.action === "reject" ? "rejected" : "withdrawn";
  const closed = await transaction(async (tx) => {
    const row = await closeRequest(tx, id, state, username, decision.comment);
    if (row) await recordRequestEvent(tx, `request_${state}`, toChangeRequest(row), { actor: username, requestId });
    return row;
  });
  if (!closed) throw alreadyDecided(await readStoredRequest(id));
  return toChangeRequest(closed);
}

// The claim, not a transaction held open across the catalogue call: the embedded database serves one session, and a
// create may take CATALOGUE_TIMEOUT_MS. While claimed, every other decision's UPDATE finds no pending row; the claim is
// renewed as a job's lease is, so that the sweep settles it only when this process has stopped, and the change starts
// only in a transaction that finds the claim still held (the fence), recording on the request what it started.
async function approve(id: string, comment: string | undefined, approver: string, requestId: string) {
  const token = randomUUID();
  const claimed = await claimForApproval(autocommit, id, { approver, token, text: comment });
  if (!claimed) throw alreadyDecided(await readStoredRequest(id));
  const request = toChangeRequest(claimed);
  const hold = holdClaim(id, token);
  let result: string;
  try {
    result = await runApproved(request, approver, requestId, hold.fence);
  } catch (error) {
    return await afterFailure(request, token, error, requestId);
  } finally {
    hold.stop();
  }
  const approved = await transaction(async (tx) => {
    const settled = await settleApproval(tx, id, token, result);
    if (!settled) return undefined;
    await recordRequestEvent(tx, "request_approved", toChangeRequest(settled), { actor: approver, requestId });
    return toChangeRequest(settled);
  });
  if (approved) return approved;
  // The claim outlived its lease unrenewed and a sweep settled it from what started: the change ran once either way,
  // and this answer, which knows its outcome, completes a result the sweep could only call unknown.
  log.error("request_claim_lost", { requestId, changeRequestId: id });
  await completeResult(autocommit, id, token, result);
  return requestById(id);
}

/**
 * The change threw. Nothing started: the request waits again and the error is the answer. Something started (its
 * start committed and the answer was lost on the way back): approved with what ran.
 */
async function afterFailure(request: ChangeRequest, token: string, error: unknown, requestId: string) {
  const now = await settleAfterFailure(request, token).catch((settling: unknown) => {
    // The claim's lease runs out and the sweep settles it.
    log.error("request_claim_not_released", { requestId, changeRequestId: request.id, error: errorMessage(settling) });
    return undefined;
  });
  if (now?.state === "approved") return now;
  throw error;
}

/** The request once its claim is given back (nothing started, or a create that never sent) or settled. */
async function settleAfterFailure(request: ChangeRequest, token: string): Promise<ChangeRequest | undefined> {
  const nothingSent = request.kind === "create";
  const released = await transaction((tx) => releaseClaim(tx, request.id, token, { nothingSent }));
  if (released) return toChangeRequest(released);
  const row = await readClaimedRequest(request.id);
  if (row?.storedState === "approving" && row.claimToken === token) return settleClaim(row, { stale: false });
  return row && toChangeRequest(row);
}
