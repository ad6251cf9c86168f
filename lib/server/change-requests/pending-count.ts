import "server-only";
import { query } from "@/lib/server/db/database";

/**
 * How many requests wait for someone other than `username` to decide: the header's "Requests (2)". Read-only, so a
 * request past its time is left out rather than expired here.
 */
export async function countRequestsAwaitingOthers(username: string): Promise<number> {
  const { rows } = await query<{ count: number }>(
    `SELECT count(*)::int AS count FROM change_requests
     WHERE state IN ('pending', 'approving') AND expires_at > now() AND requested_by <> $1`,
    [username],
  );
  return rows[0]?.count ?? 0;
}

/** Every pending request of the deployment, for the metrics gauge. */
export async function countPendingRequests(): Promise<number> {
  const { rows } = await query<{ count: number }>(
    `SELECT count(*)::int AS count FROM change_requests WHERE state IN ('pending', 'approving') AND expires_at > now()`,
  );
  return rows[0]?.count ?? 0;
}
