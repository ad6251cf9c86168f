import "server-only";
import { recordAudit, recordCreateRequested } from "@/lib/server/audit/audit-trail";
import { catalogue } from "@/lib/server/catalogue/catalogue";
import { jobEnvironment } from "./job-environment";
import { AppError } from "@/lib/shared/app-error";
import { createFailureKind } from "@/lib/shared/create-outcome";
import { checkUnconfirmedRows } from "./check-unconfirmed-rows";
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

type Outcome = "created" | "refused" | "unconfirmed" | "not-sent" | "busy";

// After this many creates in a row that the service did not confirm, it is taken as down: the job pauses.
const UNCONFIRMED_IN_A_ROW_TO_PAUSE = 5;
const BACKOFF_FIRST_MS = 500;
const BACKOFF_MAX_MS = 30_000;

async function sendRow(job: Job, row: Row): Promise<{ outcome: Outcome; message?: string }> {
  const input = row.description === null ? { name: row.name } : { name: row.name, description: row.description };
  const requestId = `import-${job.id.slice(0, 8)}-${row.line}`;
  const entry = await recordCreateRequested({
    actor: job.created_by,
    requestId,
    details: { name: row.name, importId: job.id, fileName: job.file_name, environment: jobEnvironment(job) },
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
    const message = error instanceof Error ? error.message : String(error);
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

  const onOutcome = ({ outcome, message }: { outcome: Outcome; message?: string }) => {
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
    const sending: Promise<void> = sendRow(job, row)
      .then(onOutcome, (error: unknown) => {
        failure ??= error;
      })
      .finally(() => inFlight.delete(sending));
    inFlight.add(sending);
  }
  await Promise.all(inFlight);
  // The database failed around a create: the queue retries the job, and the next run finds the row still 'sending'.
  if (failure) throw failure;
  if (pauseReason) {
    await pause(id, pauseReason);
    return {};
  }
  const pace = { unconfirmedInARow, backoffMs };
  if (stopping() || resting || Date.now() >= until) return { carryOn: { ...pace, afterMs: resting ? backoffMs : 0 } };
  return (await endJob(id)) ? {} : { carryOn: { ...pace, afterMs: 0 } };
}

/** No row left to send, or cancelled. False when a row was made pending again meanwhile and needs another run. */
async function endJob(id: string): Promise<boolean> {
  const job = await readJob(id);
  if (job?.state !== "running") return true;
  if (job.cancel_requested) await skipPendingRows(id);
  else if (await hasRowsToSend(id)) return false;
  if (!(await checkUnconfirmedRows(job))) {
    // Unchecked rows would invite sending again what may exist: the job waits for the list instead.
    await pause(id, "The list could not be read to check the rows that got no response. Resume to try again.");
    return true;
  }
  const counts = await finishJob(id);
  if (counts)
    await recordAudit({
      action: job.cancel_requested ? "import_cancelled" : "import_finished",
      actor: job.created_by,
      details: { importId: id, fileName: job.file_name, ...counts },
    });
  return true;
}
