import "server-only";
import { getConfig } from "@/lib/server/config/config";
import { query, storableText } from "@/lib/server/db/database";
import { REQUEST_COLUMNS, type StoredRequest } from "./request-store";

// A request's states: pending → approved, rejected, withdrawn or expired, once. Each change is one UPDATE that names
// the state it leaves, so of two admins deciding at once exactly one changes the row; the other's UPDATE finds none.
// An approval first claims the request ('approving') while its change starts, then settles it either way.

const comment = (text: string | undefined) => (text === undefined ? null : storableText(text));
const claimSeconds = () => getConfig().imports.runSeconds;
/** How often a claim under way is renewed: three times in each lease, as a running job's is. */
export const claimRenewMs = () => (claimSeconds() * 1000) / 3;

/**
 * Pending → approving, by someone other than the requester, before it expires; undefined when another got there. The
 * claim is held for IMPORT_RUN_SECONDS unless renewed, as a running job's lease is: the sweep settles a claim whose
 * process stopped (recover-claims.ts). The approver's comment is kept now, so that it survives that too.
 */
export async function claimForApproval(
  id: string,
  { approver, token, text }: { approver: string; token: string; text: string | undefined },
): Promise<StoredRequest | undefined> {
  const { rows } = await query<StoredRequest>(
    `UPDATE change_requests SET state = 'approving', decided_by = $2, decided_at = now(), comment = $3,
       claim_token = $4, claim_expires = now() + make_interval(secs => $5)
     WHERE id = $1 AND state = 'pending' AND requested_by <> $2 AND expires_at > now()
     RETURNING ${REQUEST_COLUMNS}`,
    [id, approver, comment(text), token, claimSeconds()],
  );
  return rows[0];
}

/** Keeps a claim while its change starts; false once it is no longer this one's. */
export async function renewClaim(id: string, token: string): Promise<boolean> {
  const { rowCount } = await query(
    `UPDATE change_requests SET claim_expires = now() + make_interval(secs => $3)
     WHERE id = $1 AND state = 'approving' AND claim_token = $2`,
    [id, token, claimSeconds()],
  );
  return rowCount === 1;
}

// The sweep acts only on a claim whose lease ran out: its process may be alive but unable to renew, never running.
const held = (stale: boolean) =>
  `id = $1 AND state = 'approving' AND claim_token IS NOT DISTINCT FROM $2
   ${stale ? "AND (claim_expires IS NULL OR claim_expires < now())" : ""}`;
const CLEAR_CLAIM = "claim_token = NULL, claim_expires = NULL";

/** Approving → approved, with what ran (JSON text). */
export async function settleApproval(
  id: string,
  token: string | null,
  result: string,
  { stale = false } = {},
): Promise<StoredRequest | undefined> {
  const { rows } = await query<StoredRequest>(
    `UPDATE change_requests SET state = 'approved', decided_at = now(), result = $3::jsonb, ${CLEAR_CLAIM}
     WHERE ${held(stale)} RETURNING ${REQUEST_COLUMNS}`,
    [id, token, storableText(result)],
  );
  return rows[0];
}

/** Approving → pending: the change did not start, so the request waits again as it was. */
export async function releaseClaim(
  id: string,
  token: string | null,
  { stale = false } = {},
): Promise<StoredRequest | undefined> {
  const { rows } = await query<StoredRequest>(
    `UPDATE change_requests SET state = 'pending', decided_by = NULL, decided_at = NULL, comment = NULL, ${CLEAR_CLAIM}
     WHERE ${held(stale)} RETURNING ${REQUEST_COLUMNS}`,
    [id, token],
  );
  return rows[0];
}

/** Pending → rejected (not by the requester) or withdrawn (by the requester only). */
export async function closeRequest(
  id: string,
  state: "rejected" | "withdrawn",
  by: string,
  text: string | undefined,
): Promise<StoredRequest | undefined> {
  const { rows } = await query<StoredRequest>(
    `UPDATE change_requests SET state = $2, decided_by = $3, decided_at = now(), comment = $4
     WHERE id = $1 AND state = 'pending' AND expires_at > now()
       AND CASE WHEN $2 = 'withdrawn' THEN requested_by = $3 ELSE requested_by <> $3 END
     RETURNING ${REQUEST_COLUMNS}`,
    [id, state, by, comment(text)],
  );
  return rows[0];
}

/** Pending past its time → expired; each row is returned by one UPDATE only, whichever replica runs it. */
export async function expirePending(): Promise<StoredRequest[]> {
  const { rows } = await query<StoredRequest>(
    `UPDATE change_requests SET state = 'expired', decided_at = expires_at
     WHERE state = 'pending' AND expires_at <= now() RETURNING ${REQUEST_COLUMNS}`,
  );
  return rows;
}
