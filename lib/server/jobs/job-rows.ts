import "server-only";
import { type Db, query } from "@/lib/server/db/database";

// A row goes pending → sending (committed before its create is sent) → created, failed, unknown (no response), skipped
// or back to pending (not sent).
export type RowToSend = { line: number; name: string; description: string | null };

/** Rows a run left 'sending' (its process stopped before the responses came) may have been created: never resent. */
export async function markInterruptedRows(id: string): Promise<void> {
  await query(
    `UPDATE import_rows SET state = 'unknown', message = 'The app stopped while this row was being sent.'
     WHERE job_id = $1 AND state = 'sending'`,
    [id],
  );
}

/** The next row to send, while the job runs, is not being cancelled and this process's lease on it holds. */
export async function takeNextRow(id: string, leaseOwner: string): Promise<RowToSend | undefined> {
  const { rows } = await query<RowToSend>(
    // A scalar subquery runs once; as a joined FROM item it can be rescanned, taking a row per rescan.
    `UPDATE import_rows r SET state = 'sending'
     WHERE r.job_id = $1
       AND r.line = (SELECT line FROM import_rows WHERE job_id = $1 AND state = 'pending' ORDER BY line LIMIT 1
                     FOR UPDATE SKIP LOCKED)
       AND EXISTS (SELECT 1 FROM import_jobs
                   WHERE id = $1 AND state = 'running' AND NOT cancel_requested
                     AND lease_holder = $2 AND lease_expires > now())
     RETURNING r.line, r.name, r.description`,
    [id, leaseOwner],
  );
  return rows[0];
}

export async function setRowState(
  id: string,
  line: number,
  state: "created" | "failed" | "unknown" | "pending" | "skipped",
  fields: { categoryId?: string; message?: string } = {},
): Promise<void> {
  // 'unknown' too: a row marked so by another process, after this one was taken as stopped, still gets its response.
  await query(
    `UPDATE import_rows SET state = $3, category_id = $4, message = $5
     WHERE job_id = $1 AND line = $2 AND state IN ('sending', 'unknown')`,
    [id, line, state, fields.categoryId ?? null, fields.message ?? null],
  );
}

// This process's lease on the job holds, as takeNextRow checks it: see job-states.ts.
const LEASED = `EXISTS (SELECT 1 FROM import_jobs WHERE id = $1 AND lease_holder = $2 AND lease_expires > now())`;

export async function skipPendingRows(id: string, leaseOwner: string): Promise<void> {
  await query(
    `UPDATE import_rows SET state = 'skipped', message = 'Not sent: cancelled before its turn.'
     WHERE job_id = $1 AND state = 'pending' AND ${LEASED}`,
    [id, leaseOwner],
  );
}

export async function readUnsettledRows(id: string, exceptLine: number): Promise<{ name: string }[]> {
  const { rows } = await query<{ name: string }>(
    `SELECT name FROM import_rows WHERE job_id = $1 AND line <> $2 AND state IN ('sending', 'unknown')`,
    [id, exceptLine],
  );
  return rows;
}

export async function readUnknownRows(id: string): Promise<RowToSend[]> {
  const { rows } = await query<RowToSend>(
    `SELECT line, name, description FROM import_rows WHERE job_id = $1 AND state = 'unknown' ORDER BY line`,
    [id],
  );
  return rows;
}

export async function readCreatedIds(id: string): Promise<string[]> {
  const { rows } = await query<{ category_id: string }>(
    `SELECT category_id FROM import_rows WHERE job_id = $1 AND category_id IS NOT NULL`,
    [id],
  );
  return rows.map((row) => row.category_id);
}

/** A lost answer's category found in the list: in `db`, the transaction of its audit entry; false unless changed. */
export async function confirmCreated(
  db: Db,
  { id, line, categoryId, leaseOwner }: { id: string; line: number; categoryId: string; leaseOwner: string },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE import_rows SET state = 'created', category_id = $4, confirmed_late = true, message = NULL
     WHERE job_id = $1 AND line = $3 AND state = 'unknown' AND ${LEASED}`,
    [id, leaseOwner, line, categoryId],
  );
  return rowCount === 1;
}
