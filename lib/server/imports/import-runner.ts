import "server-only";
import { recordAudit } from "@/lib/server/audit/audit-trail";
import { appMetrics } from "@/lib/server/metrics/app-metrics";
import { watchTarget } from "@/lib/server/promotions/target-watch";
import { checkUnconfirmedRows } from "./check-unconfirmed-rows";
import { jobDetails, jobEndAction } from "./job-audit";
import {
  type Job,
  finishJob,
  hasRowsToSend,
  markInterruptedRows,
  pause,
  readJob,
  skipPendingRows,
  takeNextRow,
} from "./run-store";
import { type Outcome, sendRow } from "./send-row";

/** Carried from one run of a job to the next, so that a service in trouble is given more time each time. */
export type Pace = { unconfirmedInARow: number; backoffMs: number };
export type RunOptions = Pace & { concurrency: number; stopping: () => boolean; until: number };
/** Present when the job still has rows to send: the queue runs it again after `afterMs`. */
export type RunResult = { carryOn?: Pace & { afterMs: number } };

// After this many creates in a row that the service did not confirm, it is taken as down: the job pauses.
const UNCONFIRMED_IN_A_ROW_TO_PAUSE = 5;
const BACKOFF_FIRST_MS = 500;
const BACKOFF_MAX_MS = 30_000;
// Long enough for a create that timed out to be applied, short enough that the rows are settled soon after the last.
const REST_BEFORE_CHECK_MS = 5_000;

/**
 * Sends a running job's rows, at most `concurrency` at a time, until none is left, the job pauses or is cancelled,
 * the process stops, `until` passes, or the service needs a rest. Only one run of a job is under way at a time.
 */
export async function runImportJob(id: string, options: RunOptions): Promise<RunResult> {
  const { concurrency, stopping, until } = options;
  const job = await readJob(id);
  if (job?.state !== "running") return {};
  await markInterruptedRows(id);
  const inFlight = new Set<Promise<void>>();
  let { unconfirmedInARow, backoffMs } = options;
  let pauseReason: string | undefined;
  let resting = false;
  let failure: unknown;

  const target = job.kind === "promotion" ? watchTarget(job) : undefined;

  const onOutcome = ({ outcome, message }: { outcome: Outcome; message?: string }) => {
    appMetrics().importRows.inc({ outcome });
    if (outcome === "skipped") return;
    if (outcome === "created" || outcome === "refused") {
      unconfirmedInARow = 0;
      backoffMs = 0;
      return;
    }
    if (outcome === "not-sent") {
      pauseReason = message;
      return;
    }
    if (outcome === "unconfirmed" && ++unconfirmedInARow >= UNCONFIRMED_IN_A_ROW_TO_PAUSE) {
      const count = UNCONFIRMED_IN_A_ROW_TO_PAUSE;
      pauseReason = `The catalogue service did not confirm ${count} creates in a row. Last: ${message}`;
    }
    backoffMs = Math.min(BACKOFF_MAX_MS, backoffMs ? backoffMs * 2 : BACKOFF_FIRST_MS);
    resting = true;
  };

  for (;;) {
    if (stopping() || failure || pauseReason || resting || Date.now() >= until) break;
    if (inFlight.size >= concurrency) {
      await Promise.race(inFlight);
      continue;
    }
    const row = await takeNextRow(id);
    if (!row) {
      if (inFlight.size === 0) break;
      await Promise.race(inFlight);
      continue;
    }
    const sending: Promise<void> = sendRow(job, row, target)
      .then(onOutcome, (error: unknown) => {
        failure ??= error;
      })
      .finally(() => inFlight.delete(sending));
    inFlight.add(sending);
  }
  await Promise.all(inFlight);
  // The database failed around a create: the queue retries the job, and the next run finds the row still 'sending'.
  if (failure) throw failure;
  const pace = { unconfirmedInARow, backoffMs };
  if (stopping()) return { carryOn: { ...pace, afterMs: 0 } };
  const now = await readJob(id);
  if (now?.state !== "running") return {};
  if (!now.cancel_requested && (await hasRowsToSend(id))) {
    // A pause is for rows not yet sent: a person decides when the service is back.
    if (pauseReason) {
      await pause(now, pauseReason);
      return {};
    }
    return { carryOn: { ...pace, afterMs: resting ? backoffMs : 0 } };
  }
  // The last creates went unconfirmed: the service gets its rest before its list is read, or a create it is still
  // applying would be missed. The next run goes straight to the check.
  if (resting && !now.cancel_requested)
    return { carryOn: { ...pace, afterMs: Math.min(backoffMs, REST_BEFORE_CHECK_MS) } };
  return endJob(now, pace);
}

/**
 * Every row sent, or the job cancelled: the creates that got no response are looked for in the list now, and the job
 * ends. While the list cannot be read, the check is tried again later; the job stays running.
 */
async function endJob(job: Job, pace: Pace): Promise<RunResult> {
  if (job.cancel_requested) await skipPendingRows(job.id);
  // A cancelled job ends even when the check cannot be made: its unknown rows stay unknown, for a person to decide.
  if (!(await checkUnconfirmedRows(job)) && !job.cancel_requested) {
    const afterMs = Math.min(BACKOFF_MAX_MS, pace.backoffMs ? pace.backoffMs * 2 : BACKOFF_FIRST_MS);
    return { carryOn: { ...pace, backoffMs: afterMs, afterMs } };
  }
  const counts = await finishJob(job.id);
  if (counts)
    await recordAudit({
      action: jobEndAction(job, job.cancel_requested),
      actor: job.created_by,
      details: { ...jobDetails(job), ...counts },
    });
  return {};
}
