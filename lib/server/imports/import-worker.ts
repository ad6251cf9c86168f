import "server-only";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { getConfig } from "@/lib/server/config/config";
import { log } from "@/lib/server/log";
import { claimImportJob } from "./job-lease";
import { runImportJob } from "./import-runner";

const LEASE_MS = 15_000;
const SWEEP_MS = 2_000;
const JOBS_PER_PROCESS = 2;

type Worker = {
  owner: string;
  running: Map<string, Promise<void>>;
  timer?: NodeJS.Timeout;
  sweeping: boolean;
  stopping: boolean;
};
// On globalThis: the build gives instrumentation (which starts and stops it) and each route handler a copy of this module.
const KEY = Symbol.for("categories-admin.import-worker");
const store = globalThis as typeof globalThis & { [KEY]?: Worker };
const worker: Worker = (store[KEY] ??= {
  owner: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
  running: new Map(),
  sweeping: false,
  stopping: false,
});

/** Takes up running jobs nobody holds (new, resumed, or left by a replica that stopped) until this process stops. */
export function startImportWorker(): void {
  if (worker.timer) return;
  worker.timer = setInterval(wakeImportWorker, SWEEP_MS);
  worker.timer.unref();
  wakeImportWorker();
}

export function wakeImportWorker(): void {
  if (worker.sweeping || worker.stopping) return;
  worker.sweeping = true;
  void sweep().finally(() => {
    worker.sweeping = false;
  });
}

async function sweep(): Promise<void> {
  const { concurrency } = getConfig().imports;
  const { owner, running } = worker;
  try {
    while (!worker.stopping && running.size < JOBS_PER_PROCESS) {
      const id = await claimImportJob(owner, LEASE_MS);
      if (!id) return;
      const run = runImportJob(id, { owner, concurrency, leaseMs: LEASE_MS, stopping: () => worker.stopping })
        .catch((error: unknown) =>
          log.error("import_run_failed", {
            importId: id,
            error: error instanceof Error ? error.message : String(error),
          }),
        )
        .finally(() => running.delete(id));
      running.set(id, run);
    }
  } catch (error) {
    log.warn("import_sweep_failed", { error: error instanceof Error ? error.message : String(error) });
  }
}

/** Stops sending new rows; resolves once the creates in flight have their answers and the leases are released. */
export async function stopImportWorker(): Promise<void> {
  worker.stopping = true;
  clearInterval(worker.timer);
  await Promise.allSettled(worker.running.values());
}
