// @ts-check
// The server we ship: Next's standalone server, with each request's client address worked out from its socket
// before Next sees it (Next passes on whatever X-Forwarded-For a client sends). `npm run build` copies this file
// into .next/standalone/scripts/, beside the server.js it starts: run `node .next/standalone/scripts/serve.mjs`.
import { subscribe } from "node:diagnostics_channel";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { CLIENT_ADDRESS_HEADER, clientAddress, isTrusted, parseTrustedProxies } from "../lib/node/forwarded.mjs";
import { parseMetricsPort } from "../lib/node/metrics.mjs";

const FORWARDED_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-proto", "x-forwarded-host", "x-forwarded-port"];

const { list: trusted, problem } = parseTrustedProxies(process.env.TRUSTED_PROXIES);
const metrics = parseMetricsPort(process.env.METRICS_PORT);
for (const found of [problem, metrics.problem]) {
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

createRequire(import.meta.url)("../server.js");
