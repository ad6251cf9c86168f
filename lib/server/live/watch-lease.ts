import "server-only";
import { query } from "@/lib/server/db/database";
import { type NewLiveEvent, withLiveEvent } from "./live-event-store";

// Rows rather than a session advisory lock: the embedded database runs every connection in one session, where such a
// lock would be held by every process at once (decision 035).

/** Takes or renews the lease of `environment`'s watcher; true while `holder` has it. */
export async function takeWatchLease(environment: string, holder: string, seconds: number): Promise<boolean> {
  const { rowCount } = await query(
    `INSERT INTO live_watch_leases (environment, holder, expires_at)
     VALUES ($1, $2, now() + make_interval(secs => $3))
     ON CONFLICT (environment) DO UPDATE SET holder = $2, expires_at = excluded.expires_at
       WHERE live_watch_leases.holder = $2 OR live_watch_leases.expires_at < now()`,
    [environment, holder, seconds],
  );
  return rowCount === 1;
}

/**
 * Writes `event` only while `holder` has `environment`'s lease, checked in the same statement (as a job's lease fences
 * the take of its next row): a holder that lost its lease while it read the list announces nothing, and the process
 * that took over cannot be doubled. False when the lease is not held.
 */
export async function announceUnderLease(environment: string, holder: string, event: NewLiveEvent): Promise<boolean> {
  const { rowCount } = await query(
    ...withLiveEvent(
      `SELECT 1 FROM live_watch_leases WHERE environment = $1 AND holder = $2 AND expires_at > now()`,
      [environment, holder],
      event,
    ),
  );
  return rowCount === 1;
}

/** Says how many streams this process has open now. */
export async function noteListener(processId: string, streams: number): Promise<void> {
  await query(
    `INSERT INTO live_listeners (process_id, streams, seen_at) VALUES ($1, $2, now())
     ON CONFLICT (process_id) DO UPDATE SET streams = $2, seen_at = now()`,
    [processId, streams],
  );
}

/** Whether some process said within `seconds` that it has a stream open. */
export async function someoneListening(seconds: number): Promise<boolean> {
  const { rowCount } = await query(
    `SELECT 1 FROM live_listeners WHERE streams > 0 AND seen_at > now() - make_interval(secs => $1) LIMIT 1`,
    [seconds],
  );
  return rowCount !== 0;
}

/** On shutdown: another process takes the leases at once, and this one's streams no longer count. */
export async function leaveWatch(holder: string): Promise<void> {
  await query(`DELETE FROM live_watch_leases WHERE holder = $1`, [holder]);
  await query(`DELETE FROM live_listeners WHERE process_id = $1 OR seen_at < now() - interval '1 day'`, [holder]);
}
