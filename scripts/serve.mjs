// @ts-check
// The server we ship: Next's standalone server, with each request's client address worked out from its socket
// before Next sees it (Next passes on whatever X-Forwarded-For a client sends). `npm run build` copies this file
// into .next/standalone/scripts/, beside the server.js it starts: run `node .next/standalone/scripts/serve.mjs`.
import { subscribe } from "node:diagnostics_channel";
import http from "node:http";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { CLIENT_ADDRESS_HEADER, clientAddress, isTrusted, parseTrustedProxies } from "../lib/node/forwarded.mjs";
import { parseMetricsPort } from "../lib/node/metrics.mjs";
import { drainOnSignal, parseMs } from "../lib/node/drain.mjs";

const FORWARDED_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-proto", "x-forwarded-host", "x-forwarded-port"];

const { list: trusted, problem } = parseTrustedProxies(process.env.TRUSTED_PROXIES);
const metrics = parseMetricsPort(process.env.METRICS_PORT);
const readyDelay = parseMs("SHUTDOWN_READY_DELAY_MS", process.env.SHUTDOWN_READY_DELAY_MS, 5_000);
const grace = parseMs("SHUTDOWN_GRACE_MS", process.env.SHUTDOWN_GRACE_MS, 10_000);
for (const found of [problem, metrics.problem, readyDelay.problem, grace.problem]) {
  if (!found) continue;
  console.error(`Configuration error: ${found}`);
  process.exit(1);
}

// Runs for every request before the server's "request" event, so no handler ever sees the headers as sent.
subscribe("http.server.request.start", (message) => {
  const { request, socket } =
    /** @type {{ request: import("node:http").IncomingMessage, socket: import("node:net").Socket }} */ (message);
  const { headers } = request;
  headers[CLIENT_ADDRESS_HEADER] = clientAddress(socket.remoteAddress, headers["x-forwarded-for"], trusted);
  // Only a trusted proxy may say how the app was reached; Next fills these in again from the socket.
  if (!isTrusted(socket.remoteAddress, trusted)) for (const name of FORWARDED_HEADERS) delete headers[name];
});

if (metrics.port !== undefined) {
  const { startMetrics } = await import("../lib/node/metrics.mjs");
  const host = process.env.METRICS_HOST || "127.0.0.1";
  const routesManifest = fileURLToPath(new URL("../.next/routes-manifest.json", import.meta.url));
  await startMetrics({ host, port: metrics.port, routesManifest });
}

// The stop is ours (lib/node/drain.mjs): Next would stop listening the moment the signal comes.
process.env.NEXT_MANUAL_SIG_HANDLE = "true";
/** @type {import("node:http").Server | undefined} */
let appServer;
const createServer = http.createServer;
// The first server made from here on is Next's: the one the drain closes.
http.createServer = /** @type {typeof http.createServer} */ (
  (/** @type {any[]} */ ...args) => (appServer ??= /** @type {any} */ (createServer)(...args))
);
const drain = drainOnSignal({ server: () => appServer, readyDelayMs: readyDelay.ms ?? 0, graceMs: grace.ms ?? 0 });
process.on("SIGTERM", drain);
process.on("SIGINT", drain);

createRequire(import.meta.url)("../server.js");
