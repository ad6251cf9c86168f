// @ts-check
// `npm run bench:hardening` (part of `npm run bench`): the figures of the hardening issue, against the production build.
// 1. A signed-in list read during a flood of bad sign-ins, against the same read during an equal flood of requests that
//    cost the app nothing; 2. upstream calls made for 32 concurrent readers; 3. one read of a 100,000-item list, end to
//    end as a client sees it (curl, whole body received, plain and gzip), against the catalogue service's own time:
//    median of 5 after a warm-up.
import { createServer } from "node:http";
import { mkdir, writeFile } from "node:fs/promises";
import { execFile } from "node:child_process";
import { parseArgs, promisify } from "node:util";
import { freePort } from "../scripts/lib/ports.mjs";
import { startApp } from "../scripts/lib/standalone-app.mjs";
import { ensureBuild } from "../scripts/ensure-build.mjs";
import { median } from "./lib/stats.mjs";

const { values } = parseArgs({ options: { ci: { type: "boolean", default: false } } });
const execFileAsync = promisify(execFile);
const FLOOD_CLIENTS = 16;
const FLOOD_SECONDS = values.ci ? 3 : 15;
const BIG_N = values.ci ? 10_000 : 100_000;
const user = { username: "bench", role: /** @type {const} */ ("admin"), password: "bench-password-123" };
ensureBuild();

// A catalogue that counts its calls and answers a 20-item list after 20 ms, like a service across a network.
let upstreamCalls = 0;
const smallList = JSON.stringify(Array.from({ length: 20 }, (_, i) => ({ id: i + 1, name: `Breed ${i + 1}` })));
const counting = createServer((_request, response) => {
  upstreamCalls++;
  setTimeout(() => response.writeHead(200, { "content-type": "application/json" }).end(smallList), 20);
}).listen(0, "127.0.0.1");
await new Promise((resolve) => counting.once("listening", resolve));
const countingUrl = `http://127.0.0.1:${/** @type {import("node:net").AddressInfo} */ (counting.address()).port}/v1`;

/** Time of one request until its whole body has arrived, in ms. @param {string} url @param {Record<string, string>} headers */
async function timed(url, headers = {}) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

/** Time curl takes to receive a whole response, in ms. @param {string} url @param {Record<string, string>} headers */
async function curlTime(url, headers) {
  const args = ["--silent", "--fail", "--output", "/dev/null", "--write-out", "%{time_total}", url];
  for (const [name, value] of Object.entries(headers)) args.push("--header", `${name}: ${value}`);
  const { stdout } = await execFileAsync("curl", args);
  return Number(stdout) * 1000;
}

/** Runs `clients` loops of `request` until `until`; returns the statuses seen. @param {number} clients @param {number} until @param {() => Promise<number>} request */
async function flood(clients, until, request) {
  const statuses = new Map();
  await Promise.all(Array.from({ length: clients }, async () => {
    while (Date.now() < until) {
      const status = await request().catch(() => 0);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  }));
  return Object.fromEntries(statuses);
}

/**
 * The median time of signed-in list reads made one after another while `load` runs.
 * @param {{ url: string }} app @param {string} cookie @param {(until: number) => Promise<Record<string, number>>} load
 */
async function readsDuring(app, cookie, load) {
  const until = Date.now() + FLOOD_SECONDS * 1000;
  const floodDone = load(until);
  /** @type {number[]} */
  const times = [];
  /** @type {Set<number>} */
  const statuses = new Set();
  while (Date.now() < until) {
    const { ms, status } = await timed(`${app.url}/api/categories`, { cookie });
    times.push(ms);
    statuses.add(status);
  }
  return { medianMs: median(times), reads: times.length, readStatuses: [...statuses], flood: await floodDone };
}

/** @type {Record<string, any>} */
const results = {};
const app = await startApp({
  port: await freePort(),
  users: [user],
  name: "bench-hardening",
  // The bench plays the proxy: each flood request names a client address of its own, like a botnet would.
  env: { CATALOGUE_API_URL: countingUrl, TRUSTED_PROXIES: "127.0.0.1", LOG_LEVEL: "warn" },
});
try {
  const cookie = await app.signIn(user);
  for (let i = 0; i < 20; i++) await timed(`${app.url}/api/categories`, { cookie }); // warm-up
  /** @type {number[]} */
  const quiet = [];
  for (let i = 0; i < 50; i++) quiet.push((await timed(`${app.url}/api/categories`, { cookie })).ms);
  let n = 0;
  const badSignIn = () =>
    fetch(`${app.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `10.${(++n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
      body: JSON.stringify({ username: `nobody-${n}`, password: "wrong-password" }),
    }).then(async (response) => (await response.arrayBuffer(), response.status));
  const cheap = () => fetch(`${app.url}/api/health`).then(async (response) => (await response.arrayBuffer(), response.status));
  const underSignInFlood = await readsDuring(app, cookie, (until) => flood(FLOOD_CLIENTS, until, badSignIn));
  const underCheapFlood = await readsDuring(app, cookie, (until) => flood(FLOOD_CLIENTS, until, cheap));
  results.flood = {
    quietMedianMs: median(quiet),
    underSignInFlood,
    underCheapFlood,
    ratio: underSignInFlood.medianMs / underCheapFlood.medianMs,
  };

  upstreamCalls = 0;
  const readers = await Promise.all(Array.from({ length: 32 }, () => timed(`${app.url}/api/categories`, { cookie })));
  results.inFlight = { readers: 32, answered200: readers.filter((r) => r.status === 200).length, upstreamCalls };
} finally {
  await app.stop();
  counting.close();
}

const big = Array.from({ length: BIG_N }, (_, i) => ({ name: `Breed ${i + 1}`, description: `Category number ${i + 1} of the bench` }));
const bigApp = await startApp({ port: await freePort(), users: [user], categories: big, name: "bench-big", env: { LOG_LEVEL: "warn" } });
try {
  const cookie = await bigApp.signIn(user);
  const service = bigApp.catalogue ?? { url: "", apiKey: "" };
  // curl is the client: a process of its own (the service runs in this one), asking for the body as it is, and then
  // as a browser does (gzip, which the framework compresses on the way out; the service sends no gzip).
  const serviceRead = () => curlTime(`${service.url}/categories`, { authorization: `Bearer ${service.apiKey}` });
  const appRead = () => curlTime(`${bigApp.url}/api/categories`, { cookie });
  const appGzipRead = () => curlTime(`${bigApp.url}/api/categories`, { cookie, "accept-encoding": "gzip" });
  await serviceRead();
  await appRead();
  await appGzipRead();
  /** @type {number[]} */
  const serviceMs = [];
  /** @type {number[]} */
  const appMs = [];
  /** @type {number[]} */
  const appGzipMs = [];
  // Interleaved, so a busy moment of the machine weighs on all three alike.
  for (let i = 0; i < 5; i++) {
    serviceMs.push(await serviceRead());
    appMs.push(await appRead());
    appGzipMs.push(await appGzipRead());
  }
  results.bigList = {
    n: BIG_N,
    serviceMedianMs: median(serviceMs),
    appMedianMs: median(appMs),
    ratio: median(appMs) / median(serviceMs),
    appGzipMedianMs: median(appGzipMs),
    gzipRatio: median(appGzipMs) / median(serviceMs),
  };
} finally {
  await bigApp.stop();
}

const round = (/** @type {number} */ x) => Math.round(x * 10) / 10;
const { flood: f, inFlight, bigList } = results;
const lines = [
  `# Hardening figures (${values.ci ? "CI run: small and short, figures mean little" : "full run"}, ${new Date().toISOString()})`,
  "",
  `- Signed-in GET /api/categories, median: quiet ${round(f.quietMedianMs)} ms; during ${FLOOD_CLIENTS} clients looping bad sign-ins ${round(f.underSignInFlood.medianMs)} ms` +
    ` (statuses ${JSON.stringify(f.underSignInFlood.flood)}); during ${FLOOD_CLIENTS} clients looping GET /api/health ${round(f.underCheapFlood.medianMs)} ms.` +
    ` Ratio sign-in flood / cheap flood: **${round(f.ratio)}×** (target ≤ 3). Reads answered: ${JSON.stringify(f.underSignInFlood.readStatuses)}.`,
  `- ${inFlight.readers} concurrent readers (service answering in 20 ms): ${inFlight.answered200} answered 200 with **${inFlight.upstreamCalls} upstream call(s)**.`,
  `- One read of ${bigList.n.toLocaleString("en")} categories, whole body, median of 5 after a warm-up: service ${round(bigList.serviceMedianMs)} ms,` +
    ` app ${round(bigList.appMedianMs)} ms: **${round(bigList.ratio)}×** (target ≤ 1.5); with Accept-Encoding: gzip, as browsers ask, ${round(bigList.appGzipMedianMs)} ms` +
    ` (${round(bigList.gzipRatio)}×, of which the framework's gzip of ${(bigList.n / 1000).toFixed(0)}k items is the difference).`,
];
await mkdir("bench/results", { recursive: true });
await writeFile(`bench/results/hardening${values.ci ? "-ci" : ""}.md`, `${lines.join("\n")}\n`);
console.log(lines.join("\n"));
const readsFailed = f.underSignInFlood.readStatuses.some((/** @type {number} */ status) => status !== 200);
process.exit(readsFailed ? 1 : 0);
