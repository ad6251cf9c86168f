import "server-only";
import { query } from "@/lib/server/db/database";

/**
 * One replica at a time runs a job: the one whose lease has not run out. A lease that ran out while still held (its
 * process crashed, or stopped with creates in flight) leaves rows caught 'sending': they become 'unknown', never sent
 * blindly again.
 */
export async function claimImportJob(owner: string, leaseMs: number): Promise<string | undefined> {
  const { rows } = await query<{ id: string; previous_owner: string | null }>(
    `WITH free AS MATERIALIZED (
       SELECT id, lease_owner FROM import_jobs
       WHERE state = 'running' AND (lease_until IS NULL OR lease_until < now())
       ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED
     )
     UPDATE import_jobs j SET lease_owner = $1, lease_until = now() + make_interval(secs => $2 / 1000.0)
     FROM free WHERE j.id = free.id RETURNING j.id, free.lease_owner AS previous_owner`,
    [owner, leaseMs],
  );
  const claimed = rows[0];
  if (!claimed) return undefined;
  if (claimed.previous_owner !== null) {
    await query(
      `UPDATE import_rows SET state = 'unknown', message = 'The app stopped while this row was being sent.'
       WHERE job_id = $1 AND state = 'sending'`,
      [claimed.id],
    );
  }
  return claimed.id;
}

export async function renewLease(id: string, owner: string, leaseMs: number): Promise<boolean> {
  const { rowCount } = await query(
    `UPDATE import_jobs SET lease_until = now() + make_interval(secs => $3 / 1000.0) WHERE id = $1 AND lease_owner = $2`,
    [id, owner, leaseMs],
  );
  return rowCount === 1;
}

/** Only with nothing in flight: the next owner then starts at once and has no row to settle. */
export async function releaseLease(id: string, owner: string): Promise<void> {
  await query(`UPDATE import_jobs SET lease_owner = NULL, lease_until = NULL WHERE id = $1 AND lease_owner = $2`, [
    id,
    owner,
  ]);
}
