import "server-only";
import { remember } from "@epic-web/remember";
import { query } from "@/lib/server/db/database";
import { withLiveEvent } from "@/lib/server/live/live-event-store";
import { wakeLiveHub } from "@/lib/server/live/live-hub";
import { log } from "@/lib/server/log";
import { readJob } from "./job-store";
import { errorMessage } from "@/lib/shared/error-message";

// Progress is announced at most this often per job: reading the counts after every row tripled the job-turns test's
// time on the embedded database, and a page does not need more.
const PROGRESS_MS = 500;

type Announcements = {
  /** Per job, the announcement under way: the next waits for it, so that events follow the reads in order. */
  last: Map<string, Promise<void>>;
  /** Per job, the progress announcement waiting its turn. */
  progress: Map<string, NodeJS.Timeout>;
};

const announcements = () =>
  remember("job-announcements", (): Announcements => ({ last: new Map(), progress: new Map() }));

async function announce(id: string): Promise<void> {
  try {
    const job = await readJob(id);
    if (!job) return;
    const { kind, environment, state, counts } = job;
    const data = JSON.stringify({ id, kind, environment, state, counts });
    await query(...withLiveEvent("SELECT 1", [], { type: "job-updated", adminsOnly: true, data }));
    wakeLiveHub();
  } catch (error) {
    // Pages poll while they hear nothing; a job never fails for its announcement.
    log.warn("job_announce_failed", { jobId: id, error: errorMessage(error) });
  }
}

/**
 * `job-updated` for admins' streams, now: at each change of a job's state, with the counts GET /api/imports/<id>
 * gives. It carries the latest counts, so a progress announcement waiting its turn is dropped.
 */
export function announceJob(id: string): Promise<void> {
  const { last, progress } = announcements();
  clearTimeout(progress.get(id));
  progress.delete(id);
  const next = (last.get(id) ?? Promise.resolve()).then(() => announce(id));
  last.set(id, next);
  void next.finally(() => last.get(id) === next && last.delete(id));
  return next;
}

/** After a row settles: `job-updated` within PROGRESS_MS, once for all the rows that settle meanwhile. */
export function announceJobProgress(id: string): void {
  const { progress } = announcements();
  if (progress.has(id)) return;
  progress.set(
    id,
    setTimeout(() => {
      progress.delete(id);
      void announceJob(id);
    }, PROGRESS_MS).unref(),
  );
}
