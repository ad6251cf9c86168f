import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { transaction } from "@/lib/server/db/database";
import { appMetrics } from "@/lib/server/metrics/app-metrics";
import { queueJobEvent } from "@/lib/server/webhooks/job-event";
import { recordJobEnd } from "./job-audit";
import { kindOf } from "./job-kinds";
import { othersWaiting, releaseLease, takeLease } from "./job-lease";
import { markInterruptedRows, skipPendingRows, takeNextRow } from "./job-rows";
import { type RunningJob, endJob, pauseJob, readRunningJob } from "./job-states";
import { type Outcome, sendRow } from "./send-row";
import { settleUnconfirmedRows } from "./settle-unconfirmed-rows";
import { announceJobProgress } from "./job-updates";
import { type TargetWatch, watchTarget } from "./target-watch";

type RunOptions = {
  leaseOwner: string;
  concurrency: number;
  /** True once no new row should be taken: the process stops, or another took the job over. */
  stopping: () => boolean;
  rest?: (ms: number) => Promise<unknown>;
  /** After this long the job gives its place to another waiting for one, so that jobs take turns. */
  turnMs?: number;
};

// After this many creates in a row that the service did not confirm, it is taken as down: the job pauses.
const UNCONFIRMED_TO_PAUSE = 5;
const BACKOFF_FIRST_MS = 500;
const BACKOFF_MAX_MS = 30_000;
// Long enough for a create that timed out to be applied, short enough that the rows are settled soon after the last.
const REST_BEFORE_CHECK_MS = 5_000;

type Pace = { unconfirmedInARow: number; backoffMs: number; resting: boolean; pauseReason?: string };

const longer = (ms: number) => Math.min(BACKOFF_MAX_MS, ms ? ms * 2 : BACKOFF_FIRST_MS);

function paceAfter(pace: Pace, { outcome, message }: { outcome: Outcome; message?: string }): void {
  appMetrics().jobRows.inc({ outcome });
  if (outcome === "created" || outcome === "refused") Object.assign(pace, { unconfirmedInARow: 0, backoffMs: 0 });
  else if (outcome === "not-sent") pace.pauseReason = message;
  else if (outcome !== "skipped") {
    if (outcome === "unconfirmed" && ++pace.unconfirmedInARow >= UNCONFIRMED_TO_PAUSE) {
      const count = UNCONFIRMED_TO_PAUSE;
      pace.pauseReason = `The catalogue service did not confirm ${count} creates in a row. Last: ${message}`;
    }
    pace.backoffMs = longer(pace.backoffMs);
    pace.resting = true;
  }
}

/**
 * Sends rows, at most `concurrency` at a time, until none is left, the service needs a rest or a pause, or the run
 * must stop. A database failure around a create ends the run: the next finds the row still 'sending'.
 */
async function sendRows(job: RunningJob, pace: Pace, options: RunOptions, turnEnds: number, target?: TargetWatch) {
  const inFlight = new Set<Promise<void>>();
  let failure: unknown;
  while (!options.stopping() && !failure && !pace.pauseReason && !pace.resting && Date.now() < turnEnds) {
    const row = inFlight.size < options.concurrency ? await takeNextRow(job.id, options.leaseOwner) : undefined;
    if (!row) {
      if (inFlight.size === 0) break;
      await Promise.race(inFlight);
      continue;
    }
    const sending: Promise<void> = sendRow(job, row, target)
      .then(
        (outcome) => {
          paceAfter(pace, outcome);
          announceJobProgress(job.id);
        },
        (error: unknown) => {
          failure ??= error;
        },
      )
      .finally(() => inFlight.delete(sending));
    inFlight.add(sending);
  }
  await Promise.all(inFlight);
  if (failure) throw failure;
}

/**
 * Runs a job, while this process holds its lease, until it ends or pauses, or until `stopping()`. A job that has sent
 * every row settles its unconfirmed creates against a fresh read of the list and ends; while the list cannot be read
 * it stays running and tries again, resting longer each time.
 */
export async function runJob(id: string, options: RunOptions): Promise<void> {
  if (!(await takeLease(id, options.leaseOwner))) return;
  try {
    await runLeased(id, options);
  } finally {
    await releaseLease(id, options.leaseOwner).catch(() => undefined);
  }
}

async function runLeased(id: string, options: RunOptions): Promise<void> {
  const { leaseOwner, stopping, rest = sleep, turnMs = Infinity } = options;
  const started = await readRunningJob(id, leaseOwner);
  if (!started) return;
  await markInterruptedRows(id);
  const target = kindOf(started).watchesTarget ? watchTarget(started) : undefined;
  const pace: Pace = { unconfirmedInARow: 0, backoffMs: 0, resting: false };
  let turnEnds = Date.now() + turnMs;
  for (;;) {
    await sendRows(started, pace, options, turnEnds, target);
    if (stopping()) return;
    if (Date.now() >= turnEnds) {
      if (await othersWaiting(id)) return;
      turnEnds = Date.now() + turnMs;
    }
    const job = await readRunningJob(id, leaseOwner, started);
    if (!job) return;
    const { resting, backoffMs, pauseReason } = pace;
    pace.resting = false;
    if (!job.cancelRequested && job.rowsLeft) {
      if (pauseReason) return pauseJob(job, pauseReason, leaseOwner);
      if (resting) await rest(backoffMs);
      continue;
    }
    if (job.cancelRequested) await skipPendingRows(id, leaseOwner);
    // The last creates went unconfirmed: the service gets its rest before its list is read, or a create it is still
    // applying would be missed. A cancelled job ends even when the check cannot be made: its unknown rows stay unknown.
    else if (resting) await rest(Math.min(backoffMs, REST_BEFORE_CHECK_MS));
    if (stopping()) return;
    if ((await settleUnconfirmedRows(job, leaseOwner)) || job.cancelRequested) {
      await transaction(async (tx) => {
        const ended = await endJob(tx, id, leaseOwner);
        if (ended) await recordJobEnd(tx, ended);
        if (ended) await queueJobEvent(tx, ended, "finished");
      });
      return;
    }
    pace.backoffMs = longer(pace.backoffMs);
    await rest(pace.backoffMs);
  }
}
