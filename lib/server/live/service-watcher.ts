import "server-only";
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { remember } from "@epic-web/remember";
import { auditText } from "@/lib/server/db/audit-text";
import { catalogue } from "@/lib/server/catalogue/catalogue";
import { getConfig } from "@/lib/server/config/config";
import { configuredEnvironments } from "@/lib/server/config/environments";
import { storableText } from "@/lib/server/db/database";
import { log } from "@/lib/server/log";
import { appMetrics } from "@/lib/server/metrics/app-metrics";
import type { CatalogueEnvironment } from "@/lib/shared/environment";
import type { Category } from "@/lib/shared/schemas";
import { readAnnounced } from "./announced-categories";
import { categoryCreatedEvent } from "./category-created";
import { lastLiveEventId } from "./live-event-store";
import { openStreams, wakeLiveHub } from "./live-hub";
import { announceUnderLease, leaveWatch, noteListener, someoneListening, takeWatchLease } from "./watch-lease";
import { errorMessage } from "@/lib/shared/error-message";

/** More new categories than this at once are one resync, not an event each. */
const MOST_ANNOUNCED = 500;

/** What the holder of an environment's lease knows: every id in its last list, and every id the app announced. */
type Watch = { known: Set<string>; cursor: string };

type Watcher = {
  id: string;
  watches: Map<CatalogueEnvironment, Watch>;
  /** The streams this process last said it had open. */
  saidStreams?: number;
  timer?: NodeJS.Timeout;
  stopped: boolean;
};

const watcher = () =>
  remember("live-service-watcher", (): Watcher => ({ id: randomUUID(), watches: new Map(), stopped: false }));

// A holder or a listener that has not been heard of for this long has stopped.
const staleSeconds = () => Math.max(30, (3 * getConfig().live.pollMs) / 1000);

/** The categories of `list` neither known nor possibly the app's own still to be announced; these become known. */
function newFromElsewhere(watch: Watch, list: Category[], pendingNames: Set<string>): Category[] {
  const pending = (name: string) =>
    pendingNames.has(name) || pendingNames.has(auditText(name)) || pendingNames.has(storableText(name));
  const found = list.filter((category) => !watch.known.has(category.id) && !pending(category.name));
  for (const category of found) watch.known.add(category.id);
  return found;
}

/** One read of `environment`'s list by the holder of its lease: the first only learns what is there. */
async function readList(current: Watcher, environment: CatalogueEnvironment): Promise<void> {
  const watch = current.watches.get(environment);
  // Before the list: an event the app writes while the list is read is then read after it.
  const cursor = watch?.cursor ?? (await lastLiveEventId());
  appMetrics().liveWatcherReads.inc({ environment });
  const list = await catalogue(environment).listCategories({ requestId: `live-watch-${randomUUID()}` });
  const announced = await readAnnounced(environment, cursor);
  if (!watch) {
    // The app's events too: one may be about a category the list did not have yet.
    const known = new Set([...list.map((category) => category.id), ...announced.ids]);
    current.watches.set(environment, { known, cursor: announced.cursor });
    return;
  }
  watch.cursor = announced.cursor;
  for (const id of announced.ids) watch.known.add(id);
  const found = newFromElsewhere(watch, list, announced.pendingNames);
  const events =
    found.length > MOST_ANNOUNCED
      ? [{ type: "resync" as const, data: "{}" }]
      : found.map((category) => categoryCreatedEvent(environment, category, undefined, "service"));
  let written = 0;
  for (const event of events) {
    if (!(await announceUnderLease(environment, current.id, event))) {
      // Lost while the list was read: the new holder learns what is there by itself.
      log.info("live_watch_lease_lost", { environment, unannounced: events.length - written });
      current.watches.delete(environment);
      break;
    }
    written += 1;
  }
  if (written > 0) wakeLiveHub();
}

async function tick(current: Watcher): Promise<void> {
  const streams = openStreams();
  if (streams > 0 || current.saidStreams !== 0) {
    await noteListener(current.id, streams);
    current.saidStreams = streams;
  }
  for (const environment of configuredEnvironments()) {
    if (current.stopped) return;
    if (!(await takeWatchLease(environment, current.id, staleSeconds()))) {
      current.watches.delete(environment);
      continue;
    }
    // Nobody to tell: what is learnt again when someone listens is the list of then, not what the events left here.
    if (!(await someoneListening(staleSeconds()))) {
      current.watches.delete(environment);
      continue;
    }
    await readList(current, environment).catch((error: unknown) =>
      log.warn("live_watch_failed", { environment, error: errorMessage(error) }),
    );
  }
}

function schedule(current: Watcher): void {
  const { pollMs } = getConfig().live;
  current.timer = setTimeout(() => {
    void tick(current)
      .catch((error: unknown) => log.warn("live_watch_failed", { error: String(error) }))
      .finally(() => {
        if (!current.stopped) schedule(current);
      });
  }, pollMs).unref();
}

/**
 * Starts, once per process and at its first stream, the ticks that keep this process's streams counted and, in the
 * one process holding an environment's lease, read that environment's list for categories made elsewhere: announced
 * with `"via": "service"`, never one the app announced itself (decision 035).
 */
export function startServiceWatcher(): void {
  const current = watcher();
  if (current.timer || current.stopped || getConfig().live.pollMs === 0) return;
  schedule(current);
}

/** On shutdown: no more ticks, and the leases are free for another process at once. */
export async function stopServiceWatcher(): Promise<void> {
  const current = watcher();
  current.stopped = true;
  clearTimeout(current.timer);
  // Bounded: with the database down, the lease expires by itself, and the drain must not wait for it.
  if (current.timer)
    await Promise.race([leaveWatch(current.id).catch(() => undefined), sleep(1_000, undefined, { ref: false })]);
}
