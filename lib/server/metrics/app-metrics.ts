import "server-only";
import { remember } from "@epic-web/remember";
import client from "prom-client";

// In prom-client's default registry, which scripts/serve.mjs serves on METRICS_PORT. prom-client is loaded from
// node_modules (next.config.js), so this and the server entry share one registry.
const PREFIX = "categories_admin_";

export type CatalogueOutcome =
  | "ok"
  | "rejected"
  | "timeout"
  | "unavailable"
  | "connection_lost"
  | "bad_response"
  | "unauthorized"
  | "busy"
  | "error";
export type SignInOutcome = "ok" | "refused" | "throttled" | "busy";

/** Read at each scrape, so nothing is kept up to date on the request path. */
type Gauges = {
  breakersOpen: () => { environment?: string; open: boolean }[];
  pool: () => { total: number; idle: number; waiting: number } | undefined;
  /** The deployment's requests waiting for approval, read from the database. */
  pendingRequests: () => Promise<number>;
  liveQueuedBytes: () => number;
  /** The deployment's webhook deliveries still to be sent, read from the database. */
  webhooksWaiting?: () => Promise<number>;
};

function create() {
  let gauges: Gauges | undefined;
  return {
    catalogueRequests: new client.Counter({
      name: `${PREFIX}catalogue_requests_total`,
      help: "Calls to the catalogue service, by operation and outcome (and environment, with two).",
      labelNames: ["operation", "outcome", "environment"],
    }),
    catalogueDuration: new client.Histogram({
      name: `${PREFIX}catalogue_request_duration_seconds`,
      help: "Time a call to the catalogue service took, by operation and outcome (and environment, with two).",
      labelNames: ["operation", "outcome", "environment"],
    }),
    signIns: new client.Counter({
      name: `${PREFIX}sign_ins_total`,
      help: "Sign-ins, by method (password or oidc) and outcome.",
      labelNames: ["method", "outcome"],
    }),
    jobRows: new client.Counter({
      name: `${PREFIX}job_rows_total`,
      help: "Rows an import or a promotion ended, by outcome.",
      labelNames: ["outcome"],
    }),
    jobsRunning: new client.Gauge({
      name: `${PREFIX}jobs_running`,
      help: "Runs of imports and promotions under way in this process.",
    }),
    breakerOpen: new client.Gauge({
      name: `${PREFIX}catalogue_breaker_open`,
      help: "1 while calls to the catalogue service are paused by the circuit breaker (per environment, with two).",
      labelNames: ["environment"],
      collect() {
        this.reset();
        for (const { environment, open } of gauges?.breakersOpen() ?? [])
          this.set(environment ? { environment } : {}, open ? 1 : 0);
      },
    }),
    liveStreams: new client.Gauge({
      name: `${PREFIX}live_streams`,
      help: "Event streams (GET /api/events) open in this process.",
    }),
    liveStreamsCut: new client.Counter({
      name: `${PREFIX}live_streams_cut_total`,
      help: "Event streams ended because their client fell LIVE_STREAM_BUFFER_KIB behind (it reconnects).",
    }),
    liveQueuedBytes: new client.Gauge({
      name: `${PREFIX}live_stream_queued_bytes`,
      help: "Bytes of events this process's streams hold for clients that have not taken them yet.",
      collect() {
        this.set(gauges?.liveQueuedBytes() ?? 0);
      },
    }),
    liveEventsSent: new client.Counter({
      name: `${PREFIX}live_events_sent_total`,
      help: "Events sent on the event streams, by type, counted once per stream.",
      labelNames: ["type"],
    }),
    liveWatcherReads: new client.Counter({
      name: `${PREFIX}live_watcher_reads_total`,
      help: "Reads of an environment's list by the watcher of categories created at the service (one process reads).",
      labelNames: ["environment"],
    }),
    poolConnections: new client.Gauge({
      name: `${PREFIX}db_pool_connections`,
      help: "The database pool's connections: total, idle, and requests waiting for one.",
      labelNames: ["state"],
      collect() {
        const pool = gauges?.pool();
        if (!pool) return;
        for (const state of ["total", "idle", "waiting"] as const) this.set({ state }, pool[state]);
      },
    }),
    changeRequestsPending: new client.Gauge({
      name: `${PREFIX}change_requests_pending`,
      help: "Change requests waiting for a second admin's approval, in the whole deployment (every replica reports it).",
      async collect() {
        // A database that does not answer leaves the gauge without a sample rather than failing the scrape.
        const pending = await gauges?.pendingRequests().catch(() => undefined);
        if (pending === undefined) this.reset();
        else this.set(pending);
      },
    }),
    webhookDeliveries: new client.Counter({
      name: `${PREFIX}webhook_deliveries_total`,
      help: "Webhook deliveries settled by this process, by outcome (delivered or failed).",
      labelNames: ["outcome"],
    }),
    webhookAttemptDuration: new client.Histogram({
      name: `${PREFIX}webhook_attempt_duration_seconds`,
      help: "Time a webhook attempt took, by result (2xx, 3xx, 4xx, 5xx, timeout, refused, error).",
      labelNames: ["result"],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30],
    }),
    webhooksWaiting: new client.Gauge({
      name: `${PREFIX}webhook_deliveries_waiting`,
      help: "Webhook deliveries still to be sent, in the whole deployment (every replica reports it).",
      async collect() {
        const waiting = await gauges?.webhooksWaiting?.().catch(() => undefined);
        if (waiting === undefined) this.reset();
        else this.set(waiting);
      },
    }),
    readGauges(next: Gauges) {
      gauges = next;
    },
  };
}

/** One set of metrics per process, however many copies of this module the build makes. */
export const appMetrics = () => remember("app-metrics", create);

export const countSignIn = (method: "password" | "oidc", outcome: SignInOutcome) =>
  appMetrics().signIns.inc({ method, outcome });
