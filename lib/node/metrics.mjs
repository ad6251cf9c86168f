// @ts-check
// Prometheus metrics on their own address (METRICS_HOST:METRICS_PORT), never on the app's: the HTTP requests seen by
// this process, Node's process metrics, and what the app records in prom-client's registry (catalogue calls, sign-ins,
// imports, the database pool). Started by scripts/serve.mjs only when METRICS_PORT is set.
import { subscribe } from "node:diagnostics_channel";
import { createServer } from "node:http";
import { routeLabelerFrom } from "./route-label.mjs";

const METRIC_PREFIX = "categories_admin_";
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * @param {{ host: string, port: number, routesManifest: string }} options
 * @returns {Promise<import("node:http").Server>}
 */
export async function startMetrics({ host, port, routesManifest }) {
  // Loaded here, not at the top: with metrics off, the server entry has no use for it.
  const { default: client } = await import("prom-client");
  const { register } = client;
  client.collectDefaultMetrics({ prefix: METRIC_PREFIX });
  countHttpRequests(client, routesManifest);
  const server = createServer(async (request, response) => {
    if (request.method !== "GET" || new URL(request.url ?? "/", "http://metrics").pathname !== "/metrics") {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not found: the metrics are at /metrics.\n");
      return;
    }
    try {
      const body = await register.metrics();
      response.writeHead(200, { "content-type": register.contentType }).end(body);
    } catch (error) {
      response
        .writeHead(500, { "content-type": "text/plain" })
        .end(`${error instanceof Error ? error.message : error}\n`);
    }
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(undefined));
  });
  // Never holds the process open: the app's own server decides when it ends.
  server.unref();
  return server;
}

/**
 * @param {typeof import("prom-client")} client
 * @param {string} routesManifest
 */
function countHttpRequests(client, routesManifest) {
  const routeOf = routeLabelerFrom(routesManifest);
  const labelNames = /** @type {const} */ (["route", "method", "status", "auth"]);
  const total = new client.Counter({
    name: `${METRIC_PREFIX}http_requests_total`,
    help: "HTTP requests answered, by route pattern, method, status and credential (session, token or none).",
    labelNames,
  });
  const duration = new client.Histogram({
    name: `${METRIC_PREFIX}http_request_duration_seconds`,
    help: "Time from a request's arrival to the end of its response, by route pattern, method, status and credential.",
    labelNames,
  });
  /** @type {WeakMap<import("node:http").IncomingMessage, number>} */
  const started = new WeakMap();
  subscribe("http.server.request.start", (message) => {
    const { request } = /** @type {{ request: import("node:http").IncomingMessage }} */ (message);
    started.set(request, performance.now());
  });
  subscribe("http.server.response.finish", (message) => {
    const { request, response } =
      /** @type {{ request: import("node:http").IncomingMessage, response: import("node:http").ServerResponse }} */ (
        message
      );
    const start = started.get(request);
    if (start === undefined) return;
    const pathname = (request.url ?? "/").split("?", 1)[0] ?? "/";
    const labels = {
      route: routeOf(pathname),
      method: METHODS.has(request.method ?? "") ? (request.method ?? "") : "other",
      status: String(response.statusCode),
      auth: credentialOf(request),
    };
    total.inc(labels);
    duration.observe(labels, (performance.now() - start) / 1000);
  });
}

/**
 * How a request was authenticated, as the app reads it (lib/server/http/api-route.ts): a bearer token wins over a
 * cookie sent beside it. What it came with, whether or not it was valid; the status tells the refused apart.
 * @param {import("node:http").IncomingMessage} request
 * @returns {"token" | "session" | "none"}
 */
function credentialOf(request) {
  if (/^bearer\b/i.test(request.headers.authorization?.trim() ?? "")) return "token";
  return /(?:^|;\s*)(?:__Host-)?categories_session=/.test(request.headers.cookie ?? "") ? "session" : "none";
}
