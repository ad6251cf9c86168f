import "server-only";
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { remember } from "@epic-web/remember";
import { getConfig } from "@/lib/server/config/config";
import { log } from "@/lib/server/log";
import { appMetrics } from "@/lib/server/metrics/app-metrics";
import { claimJob, releaseLease, renewLeases } from "./job-lease";
import { runJob } from "./job-runner";
import { errorMessage } from "@/lib/shared/error-message";

// Each job keeps at most IMPORT_CONCURRENCY creates in flight; this bounds the jobs one process runs at once.
const JOBS_PER_PROCESS = 2;
const RETRY_AFTER_FAILURE_MS = 1_000;

type Worker = {
  owner: string;
  running: Map<string, Promise<void>>;
  /** Jobs another process took over after this one's lease ran out: their runs take no new row. */
  lost: Set<string>;
  claiming?: Promise<void>;
  timer?: NodeJS.Timeout;
  stop: AbortController;
};

const worker = () =>
  remember(
    "job-worker",
    (): Worker => ({ owner: randomUUID(), running: new Map(), lost: new Set(), stop: new AbortController() }),
  );

async function renew(current: Worker): Promise<void> {
  const ids = [...current.running.keys()];
  if (ids.length === 0) return;
  const renewed = await renewLeases(current.owner, ids);
  // A run that ended while this renewal was under way gave its lease back itself.
  for (const id of ids) if (!renewed.has(id) && current.running.has(id)) current.lost.add(id);
}

async function run(current: Worker, id: string): Promise<void> {
  const { concurrency } = getConfig().imports;
  const { leaseSeconds } = getConfig().jobs;
  appMetrics().jobsRunning.inc();
  let failed = false;
  try {
    await runJob(id, {
      leaseOwner: current.owner,
      concurrency,
      stopping: () => current.stop.signal.aborted || current.lost.has(id),
      rest: (ms) => sleep(ms, undefined, { signal: current.stop.signal }).catch(() => undefined),
      turnMs: leaseSeconds * 1000,
    });
  } catch (error) {
    failed = true;
    log.error("job_run_failed", { jobId: id, error: errorMessage(error) });
  } finally {
    appMetrics().jobsRunning.dec();
    current.running.delete(id);
    current.lost.delete(id);
    // Its place goes to the next job waiting: one that gave its turn, or one started meanwhile. After a run that failed
    // (the database refused a write), a second later: not at once and over and over while the failure lasts.
    const next = () => !current.stop.signal.aborted && void claim(current).catch(() => undefined);
    if (failed) setTimeout(next, RETRY_AFTER_FAILURE_MS).unref();
    else next();
  }
}

async function claimJobs(current: Worker): Promise<void> {
  while (!current.stop.signal.aborted && current.running.size < JOBS_PER_PROCESS) {
    const id = await claimJob(current.owner, [...current.running.keys()]);
    if (!id) return;
    if (current.stop.signal.aborted) return releaseLease(id, current.owner);
    current.running.set(id, run(current, id));
  }
}

function claim(current: Worker): Promise<void> {
  current.claiming ??= claimJobs(current).finally(() => (current.claiming = undefined));
  return current.claiming;
}

/** Looks for jobs to run now rather than at the next tick: after a person started or resumed one here. */
export function wakeJobWorker(): void {
  void startJobWorker().catch(() => undefined);
}

/** Renews leases and takes up free jobs every third of a lease; the ticks go on while the database is down. */
export async function startJobWorker(): Promise<void> {
  const current = worker();
  current.timer ??= setInterval(
    () => {
      void renew(current)
        .then(() => claim(current))
        .catch((error: unknown) => log.warn("job_worker_error", { error: errorMessage(error) }));
    },
    (getConfig().jobs.leaseSeconds * 1000) / 3,
  ).unref();
  await claim(current);
}

/** Takes no new row; resolves once the creates in flight have their responses and the leases are given back. */
export async function stopJobWorker(timeoutMs: number): Promise<void> {
  const current = worker();
  clearInterval(current.timer);
  current.stop.abort();
  const drained = (async () => {
    await current.claiming?.catch(() => undefined);
    await Promise.allSettled(current.running.values());
  })();
  await Promise.race([drained, sleep(timeoutMs, undefined, { ref: false })]);
}
