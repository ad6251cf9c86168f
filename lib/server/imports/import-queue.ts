import "server-only";
import { remember } from "@epic-web/remember";
import PgBoss from "pg-boss";
import { getConfig } from "@/lib/server/config/config";
import { query } from "@/lib/server/db/database";
import { log } from "@/lib/server/log";
import { appMetrics } from "@/lib/server/metrics/app-metrics";
import { type Pace, runImportJob } from "./import-runner";

/**
 * Imports run as pg-boss jobs: one job is one run of an import, and the queue lets only one run of an import be
 * active at a time. A run that ends with rows left queues the next; one whose process died times out and is retried.
 */
const QUEUE = "category_import";
// Each import has at most IMPORT_CONCURRENCY creates in flight; this bounds the imports one process runs at once.
const IMPORTS_PER_PROCESS = 2;
// An import stays running until it ends, so its runs are retried for as long as it takes.
const RETRY_LIMIT = 1_000_000;

type RunData = Partial<Pace> & { importId: string };
type Queue = { ready?: Promise<PgBoss>; working?: Promise<string[]>; stopping: boolean };

const queue = () => remember("import-queue", (): Queue => ({ stopping: false }));

// pg-boss creates and upgrades its own tables, in its own schema, when it starts.
async function startBoss(): Promise<PgBoss> {
  const boss = new PgBoss({
    // The app's pool: the queue opens no connections of its own.
    db: { executeSql: (text, values) => query(text, values ?? []) },
    schedule: false,
    // How often timed-out runs are looked for, so a crashed run is retried soon after it times out.
    maintenanceIntervalSeconds: getConfig().imports.runSeconds,
  });
  boss.on("error", (error: Error) => log.warn("import_queue_error", { error: error.message }));
  await boss.start();
  await boss.createQueue(QUEUE, { name: QUEUE, policy: "stately" });
  return boss;
}

function ready(): Promise<PgBoss> {
  const current = queue();
  // A failed start is not kept: pg-boss cannot start the same instance twice, so the next call makes a new one.
  current.ready ??= startBoss().catch((error: unknown) => {
    current.ready = undefined;
    throw error;
  });
  return current.ready;
}

function sendOptions(importId: string, afterMs: number): PgBoss.SendOptions {
  const { imports, timeoutMs } = getConfig();
  return {
    singletonKey: importId,
    // A run takes rows for runSeconds, then waits for the creates in flight (for a promotion, after a read of the
    // target's list) and may read the list once, each within a catalogue timeout; one more is spare. Only past this is
    // it taken as dead and run again.
    expireInSeconds: imports.runSeconds + Math.ceil((4 * timeoutMs) / 1000),
    retryLimit: RETRY_LIMIT,
    retryDelay: imports.runSeconds,
    ...(afterMs > 0 && { startAfter: new Date(Date.now() + afterMs) }),
  };
}

/** Queues a run of an import that is running; nothing when one is already queued. */
export async function queueImportRun(importId: string, pace?: Pace, afterMs = 0): Promise<void> {
  const boss = await ready();
  await boss.send(QUEUE, { importId, ...pace } satisfies RunData, sendOptions(importId, afterMs));
  if (queue().stopping) return;
  // This process's workers look now rather than at their next poll; started here if they failed to start at boot.
  for (const id of await workers().catch(() => [])) boss.notifyWorker(id);
}

async function run([job]: PgBoss.Job<RunData>[]): Promise<void> {
  if (!job) return;
  const { importId, unconfirmedInARow = 0, backoffMs = 0 } = job.data;
  const { concurrency, runSeconds } = getConfig().imports;
  const running = appMetrics().jobsRunning;
  running.inc();
  try {
    const { carryOn } = await runImportJob(importId, {
      concurrency,
      stopping: () => queue().stopping,
      until: Date.now() + runSeconds * 1000,
      unconfirmedInARow,
      backoffMs,
    });
    if (carryOn) await queueImportRun(importId, carryOn, carryOn.afterMs);
  } catch (error) {
    log.error("import_run_failed", { importId, error: error instanceof Error ? error.message : String(error) });
    throw error;
  } finally {
    running.dec();
  }
}

/**
 * Running imports with no run queued or under way: left by an app that stopped before queueing the next run. A run
 * queued beside an active one would make every fetch of the queue fail until the active one ends, so only these.
 */
async function importsWithoutRun(): Promise<string[]> {
  const { rows } = await query<{ id: string }>(
    `SELECT id FROM import_jobs j WHERE state = 'running' AND NOT EXISTS (
       SELECT 1 FROM pgboss.job WHERE name = $1 AND singleton_key = j.id::text AND state < 'completed'
     ) ORDER BY created_at`,
    [QUEUE],
  );
  return rows.map((row) => row.id);
}

function workers(): Promise<string[]> {
  const current = queue();
  current.working ??= ready()
    .then(async (boss) => {
      const ids = [];
      for (let i = 0; i < IMPORTS_PER_PROCESS; i++) ids.push(await boss.work<RunData>(QUEUE, run));
      return ids;
    })
    .catch((error: unknown) => {
      // Not kept, so that a database down at boot does not stop imports for good: the next call tries again.
      current.working = undefined;
      throw error;
    });
  return current.working;
}

/** Starts this process's workers, and queues a run for each import that needs one. */
export async function startImportWorker(): Promise<void> {
  await workers();
  for (const id of await importsWithoutRun()) await queueImportRun(id);
}

/** Takes no new row; resolves once the creates in flight have their responses and the next runs are queued. */
export async function stopImportWorker(timeoutMs: number): Promise<void> {
  const current = queue();
  current.stopping = true;
  const boss = await current.ready?.catch(() => undefined);
  await boss?.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
}
