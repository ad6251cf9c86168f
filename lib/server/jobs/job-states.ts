import "server-only";
import { type Db, autocommit, query, transaction } from "@/lib/server/db/database";
import { log } from "@/lib/server/log";
import { AppError } from "@/lib/shared/app-error";
import type { Job, JobAction } from "@/lib/shared/job-schemas";
import { readJob } from "./job-store";
import { announceJob } from "./job-updates";
import { queueJobEvent } from "@/lib/server/webhooks/job-event";

// A job's states: preview → running ⇄ paused → finished or cancelled; a finished one with unknown rows may run again.
// Each change is one statement that names the states it starts from, so two people acting at once cannot both win.

export type RunningJob = Job & { knownIds: readonly string[]; cancelRequested: boolean; rowsLeft: boolean };

/** Undefined unless it runs and this process holds its lease. `job` saves reading what does not change meanwhile. */
export async function readRunningJob(id: string, leaseOwner: string, job?: Job): Promise<RunningJob | undefined> {
  const { rows } = await query<{ knownIds: string[] | null; cancelRequested: boolean; rowsLeft: boolean }>(
    `SELECT known_ids AS "knownIds", cancel_requested AS "cancelRequested",
       EXISTS (SELECT 1 FROM import_rows WHERE job_id = $1 AND state IN ('pending', 'sending')) AS "rowsLeft"
     FROM import_jobs WHERE id = $1 AND state = 'running' AND lease_holder = $2 AND lease_expires > now()`,
    [id, leaseOwner],
  );
  const [control] = rows;
  const current = control && (job ?? (await readJob(id)));
  return current && { ...current, ...control, knownIds: control.knownIds ?? [] };
}

/** The job's live event once the change is committed: at once on the pool, after COMMIT in a transaction. */
function announced(id: string, changed: boolean, db: Db = autocommit): boolean {
  if (changed) db.afterCommit(() => void announceJob(id));
  return changed;
}

// A running job's lease held by this process: what its take of a row checks, every change its runner makes checks too,
// so that a process that froze past its lease changes nothing of a job another process now runs.
const LEASED = `lease_holder = $2 AND lease_expires > now()`;

/** Preview → running, with the target's ids: a create whose answer is lost is later looked for among the others. */
export async function startJob(
  id: string,
  knownIds: readonly string[],
  createExisting = false,
  db: Db = autocommit,
): Promise<boolean> {
  const { rows } = await db.query<{ started: number }>(
    `WITH job AS (
       UPDATE import_jobs SET state = 'running', create_existing = $2, known_ids = $3
       WHERE id = $1 AND state = 'preview' RETURNING id
     ), skipped AS (
       UPDATE import_rows r SET state = 'skipped' FROM job
       WHERE r.job_id = job.id AND r.class = 'existing' AND r.state = 'pending' AND NOT $2 RETURNING 1
     )
     SELECT count(*)::int AS started FROM job`,
    [id, createExisting, JSON.stringify(knownIds)],
  );
  return announced(id, rows[0]?.started === 1, db);
}

const ACTIONS: Record<JobAction["action"], string> = {
  // A running or paused job stops sending; whoever runs it next ends it.
  cancel: `UPDATE import_jobs SET cancel_requested = true, state = 'running', pause_reason = NULL
           WHERE id = $1 AND state IN ('running', 'paused') RETURNING id`,
  resume: `UPDATE import_jobs SET state = 'running', pause_reason = NULL WHERE id = $1 AND state = 'paused'
           RETURNING id`,
  // A person decided: the rows whose create got no response are sent again, in the same job.
  "send-unknown-again": `WITH job AS (
       UPDATE import_jobs SET state = 'running', finished_at = NULL WHERE id = $1 AND state = 'finished'
         AND EXISTS (SELECT 1 FROM import_rows WHERE job_id = $1 AND state = 'unknown') RETURNING id
     ), rows AS (
       UPDATE import_rows r SET state = 'pending', message = NULL FROM job
       WHERE r.job_id = job.id AND r.state = 'unknown' RETURNING 1
     )
     SELECT id FROM job`,
};

export async function applyJobAction(id: string, { action }: JobAction): Promise<boolean> {
  const { rowCount } = await query(ACTIONS[action], [id]);
  return announced(id, rowCount === 1);
}

export const stateConflict = ({ kind, state }: Job, action: string) =>
  new AppError(
    409,
    `${kind}_state_conflict`,
    `This ${kind} is ${state}, so it cannot ${action.replaceAll("-", " ")} now.`,
  );

/** A pause is for rows not yet sent: a person decides when the service is back. */
export async function pauseJob(job: Job, reason: string, leaseOwner: string): Promise<void> {
  // With its webhook event, in one transaction: a pause is never announced without happening, nor lost.
  const paused = await transaction(async (tx) => {
    const { rowCount } = await tx.query(
      `UPDATE import_jobs SET state = 'paused', pause_reason = $3 WHERE id = $1 AND state = 'running' AND ${LEASED}`,
      [job.id, leaseOwner, reason],
    );
    const now = rowCount === 1 ? await readJob(job.id, undefined, tx) : undefined;
    if (now) await queueJobEvent(tx, now, "paused");
    return now;
  });
  if (!paused) return;
  log.warn(`${job.kind}_paused`, { jobId: job.id, reason });
  void announceJob(job.id);
}

/** Running → finished or cancelled, in `db`'s transaction (with its audit entry); the job as it ended. */
export async function endJob(db: Db, id: string, leaseOwner: string): Promise<Job | undefined> {
  const { rowCount } = await db.query(
    `UPDATE import_jobs SET state = CASE WHEN cancel_requested THEN 'cancelled' ELSE 'finished' END,
       cancel_requested = false, finished_at = now()
     WHERE id = $1 AND state = 'running' AND ${LEASED}`,
    [id, leaseOwner],
  );
  return announced(id, rowCount === 1, db) ? readJob(id, undefined, db) : undefined;
}
