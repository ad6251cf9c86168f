import "server-only";
import { flushRefusals } from "@/lib/server/audit/refusal-counter";
import { stopJobWorker } from "@/lib/server/jobs/job-worker";
import { markShuttingDown } from "@/lib/server/http/shutting-down";
import { endLiveStreams, stopLiveHub } from "@/lib/server/live/live-hub";
import { stopServiceWatcher } from "@/lib/server/live/service-watcher";
import { log } from "@/lib/server/log";
import { flushTracing } from "@/lib/server/tracing/tracing";
import { stopWebhookWorker } from "@/lib/server/webhooks/delivery-worker";

// Sent by the server entry's drain (lib/node/drain.mjs), which owns the signals, the delay, the grace and the exit.
const DRAIN_EVENT = "categories-admin:drain";
const EXIT_EVENT = "categories-admin:exit";

type Drain = { signal: string; readyDelayMs: number; graceMs: number };

/** The app's part in a replica's stop: readiness fails and imports take no new row at once; last writes at the end. */
export function installShutdownHook(): void {
  process.once(DRAIN_EVENT, (inFlight: Promise<unknown>[], { signal, readyDelayMs, graceMs }: Drain) => {
    markShuttingDown();
    log.info("shutdown_started", { signal, readyDelayMs, graceMs });
    // Streams never end by themselves: the drain would wait for them.
    endLiveStreams();
    // Its intervals and its listening connection: nothing of it outlives the drain.
    inFlight.push(stopLiveHub());
    // Another replica takes the watch of the catalogue service over at its next tick.
    inFlight.push(stopServiceWatcher());
    // Their creates in flight finish; another process carries the jobs on.
    inFlight.push(stopJobWorker(readyDelayMs + graceMs));
    // Attempts under way end; another replica takes up what is still due.
    inFlight.push(stopWebhookWorker(readyDelayMs + graceMs));
  });
  process.once(EXIT_EVENT, (lastWrites: Promise<unknown>[], { drained }: { drained: boolean }) => {
    if (drained) log.info("shutdown_finished", {});
    else log.warn("shutdown_grace_exceeded", {});
    lastWrites.push(Promise.allSettled([flushRefusals(), flushTracing()]).then(() => log.flush()));
  });
}
