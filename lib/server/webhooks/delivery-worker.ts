import "server-only";
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { remember } from "@epic-web/remember";
import { getConfig } from "@/lib/server/config/config";
import { log } from "@/lib/server/log";
import { errorMessage } from "@/lib/shared/error-message";
import { type AttemptRecorder, attemptRecorder } from "./attempt-recorder";
import { type ClaimedDelivery, claimDeliveries } from "./delivery-lease";
import { deliverOne } from "./deliver-one";
import { pruneDeliveries } from "./prune-deliveries";
import { onWebhookWake } from "./wake-signal";

// Attempts one process makes at once, and at most this many of one endpoint's across the deployment: a slow or dead
// endpoint holds a quarter of the places until its timeout, never all of them. With a claim every GATHER_MS, one
// endpoint that answers quickly takes about 300 events a second.
const ATTEMPTS_PER_PROCESS = 64;
const ATTEMPTS_PER_ENDPOINT = 16;
// Each attempt starts within 2 s of its time: every process looks for due deliveries every second.
const TICK_MS = 1_000;
// After a commit that queued deliveries, or a claim that found some, the next claim waits this long for more to gather:
// under a burst of changes, one claim takes many deliveries rather than each change's its own.
const GATHER_MS = 50;
// Beyond the attempt's timeout, the time to record it: a lease that outlives both means the process stopped.
const LEASE_MARGIN_SECONDS = 10;

const PRUNE_EVERY_MS = 60 * 60_000;

type Worker = {
  owner: string;
  running: Set<Promise<void>>;
  recorder: AttemptRecorder;
  claiming?: Promise<void>;
  /** A claim waiting for deliveries to gather. */
  gathering?: NodeJS.Timeout;
  /** Deliveries were queued while a claim was under way, too late for it to see them. */
  missed: boolean;
  timer?: NodeJS.Timeout;
  pruning?: NodeJS.Timeout;
  stopWaking?: () => void;
  stop: AbortController;
};

const worker = () =>
  remember("webhook-worker", (): Worker => {
    const owner = randomUUID();
    return { owner, running: new Set(), recorder: attemptRecorder(owner), missed: false, stop: new AbortController() };
  });

function start(current: Worker, delivery: ClaimedDelivery): void {
  const run: Promise<void> = deliverOne(delivery)
    .then((ended) => current.recorder.add(ended))
    .catch((error: unknown) =>
      log.warn("webhook_attempt_failed", { deliveryId: delivery.id, error: errorMessage(error) }),
    )
    .finally(() => current.running.delete(run));
  current.running.add(run);
}

/** Claims and starts what is due, as much as there is room for; whether more may be due (it found some, or had no room). */
async function fill(current: Worker): Promise<boolean> {
  const room = ATTEMPTS_PER_PROCESS - current.running.size;
  if (current.stop.signal.aborted) return false;
  if (room <= 0) return true;
  const leaseSeconds = getConfig().webhooks.timeoutMs / 1000 + LEASE_MARGIN_SECONDS;
  const claimed = await claimDeliveries(current.owner, leaseSeconds, ATTEMPTS_PER_ENDPOINT, room);
  for (const delivery of claimed) start(current, delivery);
  return claimed.length > 0;
}

function claim(current: Worker): Promise<void> {
  if (current.claiming) return current.claiming;
  // This claim takes what a gathering one would have.
  clearTimeout(current.gathering);
  current.gathering = undefined;
  current.claiming = fill(current)
    .catch((error: unknown) => {
      log.warn("webhook_worker_error", { error: errorMessage(error) });
      return false;
    })
    .then((more) => {
      current.claiming = undefined;
      if (more || current.missed) claimSoon(current);
      current.missed = false;
    });
  return current.claiming;
}

/** A claim after GATHER_MS, unless one is waiting already; one under way is followed by another. */
function claimSoon(current: Worker): void {
  if (current.stop.signal.aborted) return;
  if (current.claiming) current.missed = true;
  else
    current.gathering ??= setTimeout(() => {
      current.gathering = undefined;
      void claim(current);
    }, GATHER_MS).unref();
}

export function startWebhookWorker(): void {
  const current = worker();
  current.timer ??= setInterval(() => void claim(current), TICK_MS).unref();
  current.stopWaking ??= onWebhookWake(() => claimSoon(current));
  const prune = () =>
    pruneDeliveries(getConfig().auditRetentionDays).catch((error: unknown) =>
      log.warn("webhook_prune_failed", { error: errorMessage(error) }),
    );
  current.pruning ??= setInterval(() => void prune(), PRUNE_EVERY_MS).unref();
  void claim(current);
}

/** Starts no new attempt; resolves once those under way have ended and been recorded, or after `timeoutMs`. */
export async function stopWebhookWorker(timeoutMs: number): Promise<void> {
  const current = worker();
  clearInterval(current.timer);
  clearInterval(current.pruning);
  clearTimeout(current.gathering);
  current.stopWaking?.();
  current.stop.abort();
  const drained = (async () => {
    await current.claiming;
    await Promise.allSettled(current.running);
    await current.recorder.flush();
  })();
  await Promise.race([drained, sleep(timeoutMs, undefined, { ref: false })]);
}
