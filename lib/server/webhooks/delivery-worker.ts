import "server-only";
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { remember } from "@epic-web/remember";
import { getConfig } from "@/lib/server/config/config";
import { log } from "@/lib/server/log";
import { errorMessage } from "@/lib/shared/error-message";
import { claimDelivery } from "./delivery-lease";
import { deliverOne } from "./deliver-one";
import { pruneDeliveries } from "./prune-deliveries";
import { onWebhookWake } from "./wake-signal";

// Attempts one process makes at once, and at most this many of one endpoint's across the deployment: a slow or dead
// endpoint holds a few places until its timeout, never all of them.
const ATTEMPTS_PER_PROCESS = 16;
const ATTEMPTS_PER_ENDPOINT = 4;
// Each attempt starts within 2 s of its time: every process looks for due deliveries every second.
const TICK_MS = 1_000;
// Beyond the attempt's timeout, the time to record it: a lease that outlives both means the process stopped.
const LEASE_MARGIN_SECONDS = 10;

const PRUNE_EVERY_MS = 60 * 60_000;

type Worker = {
  owner: string;
  running: Set<Promise<void>>;
  claiming?: Promise<void>;
  timer?: NodeJS.Timeout;
  pruning?: NodeJS.Timeout;
  stopWaking?: () => void;
  stop: AbortController;
};

const worker = () =>
  remember("webhook-worker", (): Worker => ({ owner: randomUUID(), running: new Set(), stop: new AbortController() }));

async function fill(current: Worker): Promise<void> {
  const leaseSeconds = getConfig().webhooks.timeoutMs / 1000 + LEASE_MARGIN_SECONDS;
  while (!current.stop.signal.aborted && current.running.size < ATTEMPTS_PER_PROCESS) {
    const delivery = await claimDelivery(current.owner, leaseSeconds, ATTEMPTS_PER_ENDPOINT);
    if (!delivery) return;
    const run: Promise<void> = deliverOne(delivery, current.owner)
      .catch((error: unknown) =>
        log.warn("webhook_attempt_failed", { deliveryId: delivery.id, error: errorMessage(error) }),
      )
      .finally(() => {
        current.running.delete(run);
        if (!current.stop.signal.aborted) void claim(current);
      });
    current.running.add(run);
  }
}

function claim(current: Worker): Promise<void> {
  current.claiming ??= fill(current)
    .catch((error: unknown) => log.warn("webhook_worker_error", { error: errorMessage(error) }))
    .finally(() => (current.claiming = undefined));
  return current.claiming;
}

export function startWebhookWorker(): void {
  const current = worker();
  current.timer ??= setInterval(() => void claim(current), TICK_MS).unref();
  current.stopWaking ??= onWebhookWake(() => !current.stop.signal.aborted && void claim(current));
  const prune = () =>
    pruneDeliveries(getConfig().auditRetentionDays).catch((error: unknown) =>
      log.warn("webhook_prune_failed", { error: errorMessage(error) }),
    );
  current.pruning ??= setInterval(() => void prune(), PRUNE_EVERY_MS).unref();
  void claim(current);
}

/** Starts no new attempt; resolves once those under way have ended, or after `timeoutMs`. */
export async function stopWebhookWorker(timeoutMs: number): Promise<void> {
  const current = worker();
  clearInterval(current.timer);
  clearInterval(current.pruning);
  current.stopWaking?.();
  current.stop.abort();
  const drained = (async () => {
    await current.claiming;
    await Promise.allSettled(current.running);
  })();
  await Promise.race([drained, sleep(timeoutMs, undefined, { ref: false })]);
}
