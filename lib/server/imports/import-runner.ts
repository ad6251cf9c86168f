import "server-only";
import { recordAudit, recordCreateRequested } from "@/lib/server/audit/audit-trail";
import { catalogue } from "@/lib/server/catalogue/catalogue";
import { AppError } from "@/lib/shared/app-error";
import { createFailureKind } from "@/lib/shared/create-outcome";
import { checkUnconfirmedRows } from "./check-unconfirmed-rows";
import { jobDetails, jobEndAction, jobRequestId } from "./job-audit";
import { jobEnvironment } from "./job-environment";
import { type TargetWatch, watchTarget } from "./target-watch";
import {
  type Job,
  type Row,
  finishJob,
  hasRowsToSend,
  markInterruptedRows,
  pause,
  readJob,
  setRowState,
  skipPendingRows,
  takeNextRow,
} from "./run-store";

/** Carried from one run of a job to the next, so that a service in trouble is given more time each time. */
export type Pace = { unconfirmedInARow: number; backoffMs: number };
export type RunOptions = Pace & { concurrency: number; stopping: () => boolean; until: number };
/** Present when the job still has rows to send: the queue runs it again after `afterMs`. */
export type RunResult = { carryOn?: Pace & { afterMs: number } };

type Outcome = "created" | "refused" | "unconfirmed" | "not-sent" | "busy" | "skipped";

// After this many creates in a row that the service did not confirm, it is taken as down: the job pauses.
const UNCONFIRMED_IN_A_ROW_TO_PAUSE = 5;
const BACKOFF_FIRST_MS = 500;
const BACKOFF_MAX_MS = 30_000;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function sendRow(job: Job, row: Row, target?: TargetWatch): Promise<{ outcome: Outcome; message?: string }> {
  if (target) {
    let existing;
    try {
      existing = await target.addedMeanwhile(row);
    } catch (error) {
      // Without the target's list, the row could duplicate one added meanwhile: it waits, as for an outage.
      await setRowState(job.id, row.line, "pending");
      return { outcome: "not-sent", message: messageOf(error) };
    }
    if (existing) {
      const message = `Already in ${jobEnvironment(job)}: added there after the promotion started.`;
      await setRowState(job.id, row.line, "skipped", { categoryId: existing.id, message });
      return { outcome: "skipped" };
    }
  }
  const input = row.description === null ? { name: row.name } : { name: row.name, description: row.description };
  const requestId = jobRequestId(job, row.line);
  const entry = await recordCreateRequested({
    actor: job.created_by,
    requestId,
    details: { name: row.name, ...jobDetails(job) },
  }).catch(async (error: unknown) => {
    // Nothing was sent, so the row may go again. If the database is down this fails too, and the next run finds the
    // row 'sending' and asks a person about it: safe, if not exact.
    await setRowState(job.id, row.line, "pending").catch(() => undefined);
    throw error;
  });
  let created;
  try {
    created = await catalogue(jobEnvironment(job)).createCategory(input, { requestId });
  } catch (error) {
    await entry.complete("category_create_failed", {
      reason: error instanceof AppError ? error.code : "internal_error",
    });
    const message = messageOf(error);
    const kind = createFailureKind(error);
    if (kind === "refused") {
      await setRowState(job.id, row.line, "failed", { message });
      return { outcome: "refused" };
    }
    if (kind === "not-sent") {
      await setRowState(job.id, row.line, "pending");
      return { outcome: error instanceof AppError && error.code === "upstream_busy" ? "busy" : "not-sent", message };
    }
    // It may have been applied, so it is not sent again without a person or a check of the list.
    await setRowState(job.id, row.line, "unknown", { message });
    return { outcome: "unconfirmed", message };
  }
  target?.created(created.id);
  await setRowState(job.id, row.line, "created", { categoryId: created.id });
  await entry.complete("category_created", { categoryId: created.id, name: created.name });
  return { outcome: "created" };
}

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
      await pause(id, pauseReason);
      return {};
    }
    return { carryOn: { ...pace, afterMs: resting ? backoffMs : 0 } };
  }
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
