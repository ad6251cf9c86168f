import "server-only";
import { query, storableText } from "@/lib/server/db/database";
import { REQUEST_COLUMNS, type StoredRequest } from "./request-store";

// A request's states: pending → approved, rejected, withdrawn or expired, once. Each change is one UPDATE that names
// the state it leaves, so of two admins deciding at once exactly one changes the row; the other's UPDATE finds none.
// An approval first claims the request ('approving') while its change starts, then settles it either way.

const comment = (text: string | undefined) => (text === undefined ? null : storableText(text));

/** Pending → approving, by someone other than the requester, before it expires; undefined when another got there. */
export async function claimForApproval(id: string, approver: string): Promise<StoredRequest | undefined> {
  const { rows } = await query<StoredRequest>(
    `UPDATE change_requests SET state = 'approving', decided_by = $2, decided_at = now()
     WHERE id = $1 AND state = 'pending' AND requested_by <> $2 AND expires_at > now()
     RETURNING ${REQUEST_COLUMNS}`,
    [id, approver],
  );
  return rows[0];
}

/** Approving → approved, with what ran (JSON text). */
export async function settleApproval(
  id: string,
  approver: string,
  text: string | undefined,
  result: string,
): Promise<StoredRequest | undefined> {
  const { rows } = await query<StoredRequest>(
    `UPDATE change_requests SET state = 'approved', decided_at = now(), comment = $3, result = $4::jsonb
     WHERE id = $1 AND state = 'approving' AND decided_by = $2 RETURNING ${REQUEST_COLUMNS}`,
    [id, approver, comment(text), storableText(result)],
  );
  return rows[0];
}

/** Approving → pending: the change could not start, so the request waits again as it was. */
export async function releaseClaim(id: string, approver: string): Promise<void> {
  await query(
    `UPDATE change_requests SET state = 'pending', decided_by = NULL, decided_at = NULL
     WHERE id = $1 AND state = 'approving' AND decided_by = $2`,
    [id, approver],
  );
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
