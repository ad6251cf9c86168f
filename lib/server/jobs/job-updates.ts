import "server-only";
import { query } from "@/lib/server/db/database";
import { withLiveEvent } from "@/lib/server/live/live-event-store";
import { wakeLiveHub } from "@/lib/server/live/live-hub";
import { log } from "@/lib/server/log";
import { readJob } from "./job-store";

/**
 * `job-updated` for admins' streams, at each change of a job's state: the state and the counts GET /api/imports/<id>
 * gives. Progress between changes is not announced yet: a read of the counts after every row, about once a second,
 * tripled the job-turns test's time on the embedded database, and was left for the pages that will follow it.
 */
export async function announceJob(id: string): Promise<void> {
  try {
    const job = await readJob(id);
    if (!job) return;
    const { kind, environment, state, counts } = job;
    const data = JSON.stringify({ id, kind, environment, state, counts });
    await query(...withLiveEvent("SELECT 1", [], { type: "job-updated", adminsOnly: true, data }));
    wakeLiveHub();
  } catch (error) {
    // Pages poll while they hear nothing; a job never fails for its announcement.
    log.warn("job_announce_failed", { jobId: id, error: error instanceof Error ? error.message : String(error) });
  }
}
