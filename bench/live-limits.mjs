// @ts-check
// `npm run bench:live-limits`, issue 43's live figures and issue 34's missing two, against the production build:
// - a stream whose client stops reading while 20,000 and 100,000 events are sent (written to live_events as another
//   replica would): the app's resident memory growth, and its heap after a garbage collection (bench/lib/gc-entry.mjs),
//   against the same events sent with no such stream;
// - two replicas on one PostgreSQL (BENCH_POSTGRES_URL or TEST_POSTGRES_URL), 500 streams on each, LIVE_POLL_SECONDS=2:
//   the watcher's reads of the list over 60 s, both replicas together;
// - the signed-in list's read rate on one replica with 1,000 streams open (one session each, as 1,000 tabs) against
//   none, runs interleaved.
// `--part=memory,watcher,rate` picks parts. Streams are read by this process, on the same cores as the app.
import { spawnSync } from "node:child_process";
import { createHmac, randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { get } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { freePort } from "../scripts/lib/ports.mjs";
import { startApp } from "../scripts/lib/standalone-app.mjs";
import { measure, memoryBytes, waitUntilIdle } from "./lib/load.mjs";
import { format, median, table } from "./lib/report.mjs";
import { CI, RUN, SERVER_URL, saveReport, withApp } from "./lib/script.mjs";
import { makeCategories } from "./lib/seed.mjs";

const { values } = parseArgs({
  options: { part: { type: "string", default: "memory,watcher,rate" }, events: { type: "string" } },
  strict: false,
});
const parts = new Set(String(values.part).split(","));
const [RUNS, MEMORY_RUNS, STREAMS, WATCH_SECONDS, RATE_SECONDS] = CI ? [1, 1, 100, 10, 2] : [3, 5, 1_000, 60, 10];
const EVENT_COUNTS = String(values.events ?? (CI ? "2000" : "20000,100000"))
  .split(",")
  .map(Number);
const loadBefore = loadavg();
/** @type {string[][]} */
const rows = [];
/** @type {string[]} */
const problems = [];

/** Writes `count` events of about 200 bytes, a category-created each, from `from` on; resolves with the last id. */
async function writeEvents(/** @type {pg.Client} */ db, /** @type {number} */ count, /** @type {number} */ from) {
  const { rows: written } = await db.query(
    `INSERT INTO live_events (type, data)
     SELECT 'category-created', format('{"environment":"production","category":{"id":"%s","name":"Bench %s",'
       || '"description":"Written by the live bench, about as long as a description is"},"by":"bench",'
       || '"via":"import"}', n, n)
       FROM generate_series($1::int, $1::int + $2::int - 1) AS n
     RETURNING id::text`,
    [from, count],
  );
  await db.query("SELECT pg_notify('live_events', 'bench')");
  return written.at(-1)?.id ?? "0";
}

/** A stream read as it comes; `lastId()` is the last id received. @param {string} url @param {string} cookie */
async function readStream(url, cookie) {
  const abort = new AbortController();
  const response = await fetch(`${url}/api/events`, { headers: { cookie }, signal: abort.signal });
  if (response.status !== 200) throw new Error(`GET /api/events answered ${response.status}`);
  let last = "";
  const decoder = new TextDecoder();
  void (async () => {
    let rest = "";
    for await (const chunk of /** @type {AsyncIterable<Uint8Array>} */ (response.body)) {
      rest += decoder.decode(chunk, { stream: true });
      const ids = rest.match(/^id: \d+$/gm);
      if (ids) last = ids.at(-1)?.slice(4) ?? last;
      rest = rest.slice(Math.max(0, rest.lastIndexOf("\n\n")));
    }
  })().catch(() => undefined);
  return { lastId: () => last, close: () => abort.abort() };
}

/** A stream whose client reads its first bytes and then nothing. @param {string} url @param {string} cookie */
function stalledStream(url, cookie) {
  /** @type {Promise<{ resume: () => Promise<number> }>} */
  const opened = new Promise((resolve, reject) => {
    get(`${url}/api/events`, { headers: { cookie }, agent: false }, (response) => {
      let bytes = 0;
      response.on("data", (/** @type {Buffer} */ chunk) => (bytes += chunk.length));
      response.once("data", () => response.pause());
      const ended = new Promise((done) => response.once("close", done));
      // Resumed: what reaches it within 5 s, whether its response ends (cut off) or stays open.
      resolve({ resume: async () => (response.resume(), await Promise.race([ended, sleep(5_000)]), bytes) });
    }).once("error", reject);
  });
  return opened;
}

/** The app's memory after a garbage collection (bench/lib/gc-entry.mjs); resident memory as it is. */
async function memoryAfterGc(/** @type {number} */ pid, /** @type {string} */ file) {
  const lines = () => (existsSync(file) ? readFileSync(file, "utf8").trim().split("\n").filter(Boolean) : []);
  const before = lines().length;
  process.kill(pid, "SIGUSR2");
  while (lines().length === before) await sleep(50);
  return { rss: memoryBytes(pid, "VmRSS"), ...JSON.parse(lines().at(-1) ?? "{}") };
}

async function memoryPart(/** @type {number} */ EVENTS) {
  /** @type {Record<"stalled" | "reading", { rss: number, heap: number }[]>} */
  const growth = { stalled: [], reading: [] };
  /** @type {number[]} */
  const received = [];
  const dir = await mkdtemp(join(tmpdir(), "bench-live-memory-"));
  const script = fileURLToPath(new URL("lib/gc-entry.mjs", import.meta.url));
  // Resident memory moves by a few MiB from run to run: more runs than the other parts.
  for (let run = 0; run < MEMORY_RUNS; run++)
    for (const kind of /** @type {const} */ (["stalled", "reading"])) {
      const file = join(dir, `${kind}-${run}.jsonl`);
      await withApp(
        {
          name: "bench-live-memory",
          categories: [{ name: "Seed" }],
          env: { LIVE_POLL_SECONDS: "0", MEMORY_OUT: file },
          script,
        },
        async (app, cookie, databaseUrl) => {
          const db = new pg.Client(databaseUrl);
          await db.connect();
          try {
            await writeEvents(db, 1, 0);
            const reader = await readStream(app.url, cookie);
            const stalled = kind === "stalled" ? await stalledStream(app.url, cookie) : undefined;
            await waitUntilIdle([app.pid]);
            // Both from a collected heap: resident memory then grows by what the events cost, freed or not.
            const beforeGc = await memoryAfterGc(app.pid, file);
            const before = memoryBytes(app.pid, "VmRSS");
            const last = await writeEvents(db, EVENTS, 1);
            const deadline = Date.now() + 60_000;
            while (reader.lastId() !== last && Date.now() < deadline) await sleep(20);
            if (reader.lastId() !== last) problems.push(`memory, ${kind}: the reading stream missed events`);
            await waitUntilIdle([app.pid]);
            const rss = memoryBytes(app.pid, "VmRSS") - before;
            const afterGc = await memoryAfterGc(app.pid, file);
            const heap = afterGc.heapUsed + afterGc.arrayBuffers - beforeGc.heapUsed - beforeGc.arrayBuffers;
            growth[kind].push({ rss, heap });
            if (stalled) received.push(await stalled.resume());
            reader.close();
          } finally {
            await db.end();
          }
        },
      );
    }
  await rm(dir, { recursive: true, force: true });
  const signed = (/** @type {number} */ value) => `${value < 0 ? "−" : ""}${format.bytes(Math.abs(value))}`;
  const figures = (/** @type {"stalled" | "reading"} */ kind, /** @type {"rss" | "heap"} */ measure) => {
    const values = growth[kind].map((run) => run[measure]);
    return { median: median(values), runs: values.map(signed).join(", ") };
  };
  for (const measure of /** @type {const} */ (["rss", "heap"])) {
    const [stalled, reading] = [figures("stalled", measure), figures("reading", measure)];
    const what = measure === "rss" ? "resident memory growth" : "JS heap and buffers after a garbage collection";
    rows.push(
      [
        `A stream that stops reading while ${format.count(EVENTS)} events (~${format.bytes(EVENTS * 215)}) are sent: the app's ${what}, median of ${MEMORY_RUNS}`,
        `${signed(stalled.median)} (runs: ${stalled.runs})`,
      ],
      [`The same events with only a reading stream open`, `${signed(reading.median)} (runs: ${reading.runs})`],
      [
        `What the stalled stream holds, ${measure === "rss" ? "resident" : "after a garbage collection"}: the difference (goal ≤ LIVE_STREAM_BUFFER_KIB + 1 MiB)`,
        `**${signed(stalled.median - reading.median)}**`,
      ],
    );
  }
  rows.push([
    "Bytes the stalled client then received, from its sockets (the rest is replayed at its reconnect)",
    received.map(format.bytes).join(", "),
  ]);
}

/** `count` more sessions of the one behind `cookie`, one per stream, as tabs of as many people would be. */
async function moreSessions(
  /** @type {string} */ databaseUrl,
  /** @type {string} */ secret,
  /** @type {string} */ cookie,
  /** @type {number} */ count,
) {
  const [name, token] = cookie.split(";")[0]?.split("=") ?? [];
  const id = (/** @type {string} */ value) => createHmac("sha256", secret).update(value).digest("base64url");
  const tokens = Array.from({ length: count }, () => randomBytes(32).toString("base64url"));
  const db = new pg.Client(databaseUrl);
  await db.connect();
  await db.query(
    `INSERT INTO sessions SELECT (jsonb_populate_record(s, jsonb_build_object('id', copy))).*
       FROM sessions s, unnest($2::text[]) AS copy WHERE s.id = $1`,
    [id(token ?? ""), tokens.map(id)],
  );
  await db.end();
  return tokens.map((value) => `${name}=${value}`);
}

/** Opens one stream per cookie, 100 at a time. @param {string} url @param {string[]} cookies */
async function openStreams(url, cookies) {
  /** @type {Awaited<ReturnType<typeof readStream>>[]} */
  const streams = [];
  for (let i = 0; i < cookies.length; i += 100)
    streams.push(...(await Promise.all(cookies.slice(i, i + 100).map((cookie) => readStream(url, cookie)))));
  return streams;
}

/** The watcher's reads counted by a replica's metrics. @param {string} metricsUrl */
async function watcherReads(metricsUrl) {
  const text = await (await fetch(metricsUrl)).text();
  return Number(/^categories_admin_live_watcher_reads_total\{[^}]*\} (\d+)$/m.exec(text)?.[1] ?? 0);
}

async function replicasPart() {
  if (!SERVER_URL) return problems.push("Two replicas need PostgreSQL: set BENCH_POSTGRES_URL or TEST_POSTGRES_URL.");
  const secret = randomBytes(32).toString("base64url");
  const metricsPort = await freePort();
  const env = { LIVE_POLL_SECONDS: "2", SESSION_SECRET: secret, LIVE_MAX_STREAMS: "2000" };
  await withApp(
    {
      name: "bench-live-a",
      server: SERVER_URL,
      categories: makeCategories(20),
      env: { ...env, METRICS_PORT: String(metricsPort) },
    },
    async (a, cookie, databaseUrl) => {
      const bMetricsPort = await freePort();
      // The same catalogue service and database: a second replica of the first.
      const b = await startApp({
        users: [],
        name: "bench-live-b",
        env: {
          ...env,
          ...{ DATABASE_URL: databaseUrl, METRICS_PORT: String(bMetricsPort), LOG_LEVEL: "warn" },
          ...{ CATALOGUE_API_URL: a.catalogue?.url ?? "", CATALOGUE_API_KEY: a.catalogue?.apiKey ?? "" },
          CATALOGUE_ENVIRONMENT: "local",
        },
      });
      const metrics = [`http://127.0.0.1:${metricsPort}/metrics`, `http://127.0.0.1:${bMetricsPort}/metrics`];
      try {
        const cookies = await moreSessions(databaseUrl, secret, cookie, STREAMS);
        if (parts.has("watcher")) {
          const half = STREAMS / 2;
          const streams = [
            ...(await openStreams(a.url, cookies.slice(0, half))),
            ...(await openStreams(b.url, cookies.slice(half))),
          ];
          await sleep(5_000);
          const before = await Promise.all(metrics.map(watcherReads));
          await sleep(WATCH_SECONDS * 1000);
          const made = (await Promise.all(metrics.map(watcherReads))).map((reads, i) => reads - (before[i] ?? 0));
          for (const stream of streams) stream.close();
          rows.push([
            `Two replicas, ${format.count(STREAMS)} streams (half on each), LIVE_POLL_SECONDS=2: the watcher's list reads in ${WATCH_SECONDS} s`,
            `**${made.reduce((sum, reads) => sum + reads, 0)}** (${made.join(" + ")} by replica; goal ≤ ${WATCH_SECONDS / 2 + 1}, one per interval)`,
          ]);
        }
        if (parts.has("rate")) await ratePart(a, cookie, cookies);
      } finally {
        await b.stop();
      }
    },
  );
}

/** @param {{ url: string, pid: number }} app @param {string} cookie @param {string[]} cookies */
async function ratePart(app, cookie, cookies) {
  /** @type {Record<"none" | "open", { rps: number, cpu: number }[]>} */
  const runs = { none: [], open: [] };
  const read = () =>
    measure({
      url: `${app.url}/api/categories`,
      headers: { cookie },
      connections: 8,
      seconds: RATE_SECONDS,
      timeoutSeconds: 10,
      pid: app.pid,
    });
  await read(); // warm-up
  for (let run = 0; run < RUNS; run++) {
    await waitUntilIdle([app.pid]);
    const none = await read();
    runs.none.push({ rps: none.rps, cpu: none.cpuMsPerRequest });
    const streams = await openStreams(app.url, cookies);
    await waitUntilIdle([app.pid]);
    const open = await read();
    runs.open.push({ rps: open.rps, cpu: open.cpuMsPerRequest });
    for (const stream of streams) stream.close();
    await sleep(1_000);
  }
  const rps = (/** @type {"none" | "open"} */ kind) => median(runs[kind].map((r) => r.rps));
  const cpu = (/** @type {"none" | "open"} */ kind) => median(runs[kind].map((r) => r.cpu));
  const list = (/** @type {"none" | "open"} */ kind) => runs[kind].map((r) => format.rate(r.rps)).join(", ");
  rows.push(
    [
      `Signed-in GET /api/categories (20 categories, 8 connections, ${RATE_SECONDS} s), no stream open: req/s, median of ${RUNS}`,
      `${format.rate(rps("none"))} (runs: ${list("none")}; ${format.ms(cpu("none"))} CPU each)`,
    ],
    [
      `The same with ${format.count(STREAMS)} streams open on that replica, one session each`,
      `${format.rate(rps("open"))} (runs: ${list("open")}; ${format.ms(cpu("open"))} CPU each)`,
    ],
    ["Read rate with the streams open against none (goal ≥ 0.9×)", `**${(rps("open") / rps("none")).toFixed(2)}×**`],
  );
}

if (parts.has("memory")) for (const events of EVENT_COUNTS) await memoryPart(events);
if (parts.has("watcher") || parts.has("rate")) await replicasPart();

const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).stdout.trim();
const loads = (/** @type {number[]} */ l) => l.map((value) => value.toFixed(2)).join(" / ");
const machine =
  `Commit ${commit}, Node ${process.versions.node}, ${cpus().length} × ${cpus()[0]?.model.trim()}; load average ` +
  `${loads(loadBefore)} before, ${loads(loadavg())} after.`;
const heading = `# Live limits, issue 43 (${RUN}, ${new Date().toISOString()})`;
const problemList = problems.length ? `\n## Problems\n\n${problems.map((p) => `- ${p}`).join("\n")}\n` : "";
await saveReport(
  process.env.BENCH_LIVE_REPORT ?? "issue-43-live.md",
  `${heading}\n\n${machine}\n\n${table(["measured", "figure"], rows)}\n${problemList}`,
);
process.exit(0);
