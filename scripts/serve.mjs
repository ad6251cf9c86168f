// @ts-check
// The server we ship: Next's standalone server, with each request's client address worked out from its socket
// before Next sees it (Next passes on whatever X-Forwarded-For a client sends). `npm run build` copies this file
// into .next/standalone/scripts/, beside the server.js it starts: run `node .next/standalone/scripts/serve.mjs`.
import { subscribe } from "node:diagnostics_channel";
import http from "node:http";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { configErrorMessage, parseSettings } from "../lib/node/config-schema.mjs";
import { drainOnSignal } from "../lib/node/drain.mjs";
import { CLIENT_ADDRESS_HEADER, clientAddress, isTrusted } from "../lib/node/forwarded.mjs";

const FORWARDED_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-proto", "x-forwarded-host", "x-forwarded-port"];

// The app's own schema: a bad setting stops the server here, before it listens, with the app's message.
const { settings, problems } = parseSettings(process.env);
if (!settings) {
  console.error(configErrorMessage(problems));
  process.exit(1);
}
const trusted = settings.TRUSTED_PROXIES;
// The connections of event streams whose response is not yet sent in full, for the drain.
/** @type {Set<import("node:net").Socket>} */
const streamSockets = new Set();

// Runs for every request before the server's "request" event, so no handler ever sees the headers as sent.
subscribe("http.server.request.start", (message) => {
  const { request, response, socket } =
    /** @type {{ request: import("node:http").IncomingMessage, response: import("node:http").ServerResponse,
     *   socket: import("node:net").Socket }} */ (message);
  const { headers } = request;
  headers[CLIENT_ADDRESS_HEADER] = clientAddress(socket.remoteAddress, headers["x-forwarded-for"], trusted);
  // Only a trusted proxy may say how the app was reached; Next fills these in again from the socket.
  if (!isTrusted(socket.remoteAddress, trusted)) for (const name of FORWARDED_HEADERS) delete headers[name];
  if (request.url?.startsWith("/api/events")) {
    streamSockets.add(socket);
    // Once the response is over (sent in full, or its connection gone), the connection is the drain's like any other.
    response.once("close", () => streamSockets.delete(socket));
  }
});

if (settings.METRICS_PORT !== undefined) {
  const { startMetrics } = await import("../lib/node/metrics.mjs");
  const routesManifest = fileURLToPath(new URL("../.next/routes-manifest.json", import.meta.url));
  await startMetrics({ host: settings.METRICS_HOST, port: settings.METRICS_PORT, routesManifest });
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
const drain = drainOnSignal({
  server: () => appServer,
  readyDelayMs: settings.SHUTDOWN_READY_DELAY_MS,
  graceMs: settings.SHUTDOWN_GRACE_MS,
  streamSockets: () => streamSockets,
});
process.on("SIGTERM", drain);
process.on("SIGINT", drain);

createRequire(import.meta.url)("../server.js");
