import "server-only";
import { getConfig } from "@/lib/server/config/config";
import { query } from "@/lib/server/db/database";

// A running job is run by the process holding its lease (decision 032).
const leaseSeconds = () => getConfig().jobs.leaseSeconds;

// A lease given back has no holder: free at once, even within the millisecond its stored expiry is rounded to.
const FREE = "state = 'running' AND (lease_holder IS NULL OR lease_expires < now())";

/** Leases to `owner` a running job no process holds: one never run first, then the one given back longest ago. */
export async function claimJob(owner: string, running: readonly string[]): Promise<string | undefined> {
  const { rows } = await query<{ id: string }>(
    `UPDATE import_jobs SET lease_holder = $1, lease_expires = now() + make_interval(secs => $2)
     WHERE id = (SELECT id FROM import_jobs WHERE ${FREE} AND id <> ALL($3::uuid[])
                 ORDER BY lease_expires NULLS FIRST, created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING id`,
    [owner, leaseSeconds(), running],
  );
  return rows[0]?.id;
}

export async function othersWaiting(id: string): Promise<boolean> {
  const { rowCount } = await query(`SELECT 1 FROM import_jobs WHERE ${FREE} AND id <> $1 LIMIT 1`, [id]);
  return rowCount !== 0;
}

export async function takeLease(id: string, owner: string): Promise<boolean> {
  const { rowCount } = await query(
    `UPDATE import_jobs SET lease_holder = $2, lease_expires = now() + make_interval(secs => $3)
     WHERE id = $1 AND (lease_holder = $2 OR lease_holder IS NULL OR lease_expires < now())`,
    [id, owner, leaseSeconds()],
  );
  return rowCount === 1;
}

export async function renewLeases(owner: string, ids: readonly string[]): Promise<Set<string>> {
  const { rows } = await query<{ id: string }>(
    `UPDATE import_jobs SET lease_expires = now() + make_interval(secs => $3)
     WHERE id = ANY($2::uuid[]) AND lease_holder = $1 RETURNING id`,
    [owner, ids, leaseSeconds()],
  );
  return new Set(rows.map((row) => row.id));
}

/** Given back at once, so that another process carries on a job this one stopped without waiting out the lease. */
export async function releaseLease(id: string, owner: string): Promise<void> {
  await query(`UPDATE import_jobs SET lease_holder = NULL, lease_expires = now() WHERE id = $1 AND lease_holder = $2`, [
    id,
    owner,
  ]);
}
