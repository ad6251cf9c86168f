import "server-only";
import type { Started } from "@/lib/server/audit/change-context";
import { getConfig } from "@/lib/server/config/config";
import { type Db, query, storableText } from "@/lib/server/db/database";
import { REQUEST_COLUMNS, type StoredRequest } from "./request-store";

// A request's states: pending → approved, rejected, withdrawn or expired, once. Each change is one UPDATE that names
// the state it leaves, so of two admins deciding at once exactly one changes the row; the other's UPDATE finds none.
// An approval first claims the request ('approving') while its change starts, then settles it either way. Every
// function takes the transaction its change commits in, with its audit entry.

const comment = (text: string | undefined) => (text === undefined ? null : storableText(text));
const claimSeconds = () => getConfig().jobs.leaseSeconds;
/** How often a claim under way is renewed: three times in each lease, as a running job's is. */
export const claimRenewMs = () => (claimSeconds() * 1000) / 3;

/**
 * Pending → approving, by someone other than the requester, before it expires; undefined when another got there. The
 * claim is held for JOB_LEASE_SECONDS unless renewed, as a running job's lease is: the sweep settles a claim whose
 * process stopped (recover-claims.ts). The approver's comment is kept now, so that it survives that too.
 */
export async function claimForApproval(
  db: Db,
  id: string,
  { approver, token, text }: { approver: string; token: string; text: string | undefined },
): Promise<StoredRequest | undefined> {
  const { rows } = await db.query<StoredRequest>(
    `UPDATE change_requests SET state = 'approving', decided_by = $2, decided_at = now(), comment = $3,
       claim_token = $4, claim_expires = now() + make_interval(secs => $5), started = NULL
     WHERE id = $1 AND state = 'pending' AND requested_by <> $2 AND expires_at > now()
     RETURNING ${REQUEST_COLUMNS}`,
    [id, approver, comment(text), token, claimSeconds()],
  );
  return rows[0];
}

// Held: this claim, and its lease not run out. Once it has, only the sweep acts on it, so it is never renewed again.
const HELD = `id = $1 AND state = 'approving' AND claim_token = $2 AND claim_expires > now()`;

/** Keeps a claim while its change starts; false once it is no longer held. */
export async function renewClaim(db: Db, id: string, token: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE change_requests SET claim_expires = now() + make_interval(secs => $3) WHERE ${HELD}`,
    [id, token, claimSeconds()],
  );
  return rowCount === 1;
}

/**
 * The fence, in the transaction that starts the change: records what started, only while the claim holds. The row
 * lock it takes orders it against the sweep's UPDATE, which then sees `started` and never releases the claim.
 */
export async function markStarted(db: Db, id: string, token: string, started: Started): Promise<boolean> {
  const { rowCount } = await db.query(`UPDATE change_requests SET started = $3::jsonb WHERE ${HELD}`, [
    id,
    token,
    JSON.stringify(started),
  ]);
  return rowCount === 1;
}

// The approver acts on its claim whether or not the lease ran out, as long as the sweep has not; the sweep only on a
// claim whose lease ran out: its process may be alive but unable to renew, never starting anything more.
const claimed = (stale: boolean) =>
  `id = $1 AND state = 'approving' AND claim_token IS NOT DISTINCT FROM $2
   ${stale ? "AND (claim_expires IS NULL OR claim_expires < now())" : ""}`;

/** Approving → approved, with what ran (JSON text). The token stays: it names the approval that ran. */
export async function settleApproval(
  db: Db,
  id: string,
  token: string | null,
  result: string,
  { stale = false } = {},
): Promise<StoredRequest | undefined> {
  const { rows } = await db.query<StoredRequest>(
    `UPDATE change_requests SET state = 'approved', decided_at = now(), result = $3::jsonb, claim_expires = NULL
     WHERE ${claimed(stale)} RETURNING ${REQUEST_COLUMNS}`,
    [id, token, storableText(result)],
  );
  return rows[0];
}

/**
 * A result the sweep settled while its approval was still waiting for the answer (an unknown outcome), replaced by
 * the answer: the approval that ran knows what it made.
 */
export async function completeResult(db: Db, id: string, token: string, result: string): Promise<void> {
  await db.query(
    `UPDATE change_requests SET result = $3::jsonb
     WHERE id = $1 AND state = 'approved' AND claim_token = $2 AND result #>> '{error,code}' = 'outcome_unknown'`,
    [id, token, storableText(result)],
  );
}

/**
 * Approving → pending: the change did not start, so the request waits again as it was. Never once something started,
 * unless the approver knows that nothing was sent (a create the service could not be reached for).
 */
export async function releaseClaim(
  db: Db,
  id: string,
  token: string | null,
  { stale = false, nothingSent = false } = {},
): Promise<StoredRequest | undefined> {
  const { rows } = await db.query<StoredRequest>(
    `UPDATE change_requests SET state = 'pending', decided_by = NULL, decided_at = NULL, comment = NULL,
       claim_token = NULL, claim_expires = NULL, started = NULL
     WHERE ${claimed(stale)} AND (started IS NULL OR $3) RETURNING ${REQUEST_COLUMNS}`,
    [id, token, nothingSent],
  );
  return rows[0];
}

/** Pending → rejected (not by the requester) or withdrawn (by the requester only). */
export async function closeRequest(
  db: Db,
  id: string,
  state: "rejected" | "withdrawn",
  by: string,
  text: string | undefined,
): Promise<StoredRequest | undefined> {
  const { rows } = await db.query<StoredRequest>(
    `UPDATE change_requests SET state = $2, decided_by = $3, decided_at = now(), comment = $4
     WHERE id = $1 AND state = 'pending' AND expires_at > now()
       AND CASE WHEN $2 = 'withdrawn' THEN requested_by = $3 ELSE requested_by <> $3 END
     RETURNING ${REQUEST_COLUMNS}`,
    [id, state, by, comment(text)],
  );
  return rows[0];
}

export async function anyExpired(): Promise<boolean> {
  const { rowCount } = await query(
    `SELECT 1 FROM change_requests WHERE state = 'pending' AND expires_at <= now() LIMIT 1`,
  );
  return rowCount === 1;
}

/** Pending past its time → expired; each row is returned by one UPDATE only, whichever replica runs it. */
export async function expirePending(db: Db): Promise<StoredRequest[]> {
  const { rows } = await db.query<StoredRequest>(
    `UPDATE change_requests SET state = 'expired', decided_at = expires_at
     WHERE state = 'pending' AND expires_at <= now() RETURNING ${REQUEST_COLUMNS}`,
  );
  return rows;
}
