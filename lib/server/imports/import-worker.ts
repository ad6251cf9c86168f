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

const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
const running = new Map<string, Promise<void>>();
let timer: NodeJS.Timeout | undefined;
let sweeping = false;
let stopping = false;

/** Takes up running jobs nobody holds (new, resumed, or left by a replica that stopped) until this process stops. */
export function startImportWorker(): void {
  if (timer) return;
  timer = setInterval(wakeImportWorker, SWEEP_MS);
  timer.unref();
  wakeImportWorker();
}

export function wakeImportWorker(): void {
  if (sweeping || stopping) return;
  sweeping = true;
  void sweep().finally(() => {
    sweeping = false;
  });
}

async function sweep(): Promise<void> {
  const { concurrency } = getConfig().imports;
  try {
    while (!stopping && running.size < JOBS_PER_PROCESS) {
      const id = await claimImportJob(owner, LEASE_MS);
      if (!id) return;
      const run = runImportJob(id, { owner, concurrency, leaseMs: LEASE_MS, stopping: () => stopping })
        .catch((error: unknown) => log.error("import_run_failed", { importId: id, error: error instanceof Error ? error.message : String(error) }))
        .finally(() => running.delete(id));
      running.set(id, run);
    }
  } catch (error) {
    log.warn("import_sweep_failed", { error: error instanceof Error ? error.message : String(error) });
  }
}

/** Stops sending new rows; resolves once the creates in flight have their answers and the leases are released. */
export async function stopImportWorker(): Promise<void> {
  stopping = true;
  clearInterval(timer);
  await Promise.allSettled(running.values());
}
