// @ts-check
// `npm run bench:live` (part of `npm run bench`), issue 34's figures against the production build:
// - 1,000 live streams open on one process (embedded database): the app's resident memory per stream, and from a
//   create's 201 to the last of the streams receiving its event;
// - two replicas on one PostgreSQL (BENCH_POSTGRES_URL or TEST_POSTGRES_URL): from a create's 201 on replica A to its
//   event on a stream of replica B.
// The streams are read by this process, which shares the machine's two cores with the app: what it takes to parse
// 1,000 streams is in the figures.
import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { startCatalogue } from "../scripts/dev-catalogue/start-catalogue.mjs";
import { startApp } from "../scripts/lib/standalone-app.mjs";
import { memoryBytes, waitUntilIdle } from "./lib/load.mjs";
import { format, median, percentile, table } from "./lib/report.mjs";
import { CI, RUN, SERVER_URL, saveReport, withApp } from "./lib/script.mjs";
import { USER } from "./lib/seed.mjs";

const [STREAMS, CREATES] = CI ? [100, 5] : [1_000, 40];
const loadBefore = loadavg();
/** @type {string[]} */
const problems = [];

/**
 * A stream read as it comes: when each created name first appears on it.
 * @param {string} url @param {string} cookie
 */
async function openStream(url, cookie) {
  const abort = new AbortController();
  const response = await fetch(`${url}/api/events`, { headers: { cookie }, signal: abort.signal });
  if (response.status !== 200) throw new Error(`GET /api/events answered ${response.status}`);
  /** @type {Map<string, number>} */
  const heard = new Map();
  const decoder = new TextDecoder();
  void (async () => {
    let rest = "";
    for await (const chunk of /** @type {AsyncIterable<Uint8Array>} */ (response.body)) {
      const at = performance.now();
      rest += decoder.decode(chunk, { stream: true });
      const blocks = rest.split("\n\n");
      rest = blocks.pop() ?? "";
      for (const block of blocks) {
        const name = /"name":"(live bench [^"]+)"/.exec(block)?.[1];
        if (name) heard.set(name, at);
      }
    }
  })().catch(() => undefined);
  return { heard, close: () => abort.abort() };
}

/** @param {number[]} values */
const p95 = (values) => percentile(values, 95);

/**
 * Creates CREATES categories on `writer`, one at a time; for each, the time from its 201 to the last of `streams`
 * hearing of it.
 * @param {string} writer @param {string} cookie @param {Awaited<ReturnType<typeof openStream>>[]} streams
 * @param {string} label
 */
async function createAndWait(writer, cookie, streams, label) {
  /** @type {number[]} */
  const delays = [];
  for (let i = 0; i < CREATES; i++) {
    const name = `live bench ${label} ${i}`;
    const response = await fetch(`${writer}/api/categories`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ name }),
    });
    const answered = performance.now();
    if (response.status !== 201) throw new Error(`create answered ${response.status}: ${await response.text()}`);
    const deadline = answered + 10_000;
    while (streams.some((stream) => !stream.heard.has(name)) && performance.now() < deadline) await sleep(2);
    const missing = streams.filter((stream) => !stream.heard.has(name)).length;
    if (missing > 0) problems.push(`${label}: ${missing} streams never heard of "${name}" within 10 s.`);
    // Heard before this process read the 201 counts as 0: the event and the answer raced, and the event won.
    delays.push(Math.max(0, ...streams.map((stream) => (stream.heard.get(name) ?? deadline) - answered)));
    await sleep(100);
  }
  return delays;
}

/** @type {string[][]} */
const rows = [];

await withApp(
  { name: "bench-live", categories: [{ name: "Seed" }], env: { LIVE_MAX_STREAMS_PER_SESSION: String(STREAMS) } },
  async (app, cookie) => {
    // One stream first, so the hub and its listener are up before the memory is read.
    const first = await openStream(app.url, cookie);
    await waitUntilIdle([app.pid]);
    const before = memoryBytes(app.pid, "VmRSS");
    const streams = [first];
    while (streams.length < STREAMS) {
      const batch = Math.min(100, STREAMS - streams.length);
      streams.push(...(await Promise.all(Array.from({ length: batch }, () => openStream(app.url, cookie)))));
    }
    await waitUntilIdle([app.pid]);
    const perStream = (memoryBytes(app.pid, "VmRSS") - before) / (STREAMS - 1);
    const delays = await createAndWait(app.url, cookie, streams, "one");
    for (const stream of streams) stream.close();
    rows.push(
      [`${format.count(STREAMS)} streams on one process: resident memory per stream`, `**${format.bytes(perStream)}**`],
      [
        `${format.count(STREAMS)} streams on one process: a create's 201 → the last stream hears of it, p95 of ${CREATES}`,
        `**${format.ms(p95(delays))}** (goal ≤ 250 ms; median ${format.ms(median(delays))})`,
      ],
    );
  },
);

if (!SERVER_URL) problems.push("Two replicas need PostgreSQL: set BENCH_POSTGRES_URL or TEST_POSTGRES_URL.");
else {
  const dir = await mkdtemp(join(tmpdir(), "bench-live-"));
  const name = `bench_live_${process.pid}_${Date.now()}`;
  const admin = new pg.Client(SERVER_URL);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const databaseUrl = Object.assign(new URL(SERVER_URL), { pathname: `/${name}` }).toString();
  const dataFile = join(dir, "catalogue.json");
  await writeFile(dataFile, JSON.stringify({ categories: [{ id: "1", name: "Seed" }] }));
  const apiKey = `bench-live-${process.pid}`;
  const catalogue = await startCatalogue({ dataFile, apiKey });
  const env = {
    DATABASE_URL: databaseUrl,
    CATALOGUE_API_URL: catalogue.url,
    CATALOGUE_API_KEY: apiKey,
    CATALOGUE_ENVIRONMENT: "local",
    LOG_LEVEL: "warn",
  };
  const [a, b] = [
    await startApp({ users: [USER], name: "bench-live-a", env }),
    await startApp({ users: [USER], name: "bench-live-b", env }),
  ];
  try {
    const [cookieA, cookieB] = [await a.signIn(USER), await b.signIn(USER)];
    const streams = await Promise.all(Array.from({ length: 4 }, () => openStream(b.url, cookieB)));
    await waitUntilIdle([a.pid, b.pid]);
    const delays = await createAndWait(a.url, cookieA, streams, "two");
    for (const stream of streams) stream.close();
    rows.push([
      `Two replicas on one PostgreSQL: a create's 201 on A → its event on a stream of B, p95 of ${CREATES}`,
      `**${format.ms(p95(delays))}** (goal ≤ 500 ms; median ${format.ms(median(delays))})`,
    ]);
  } finally {
    await Promise.all([a.stop(), b.stop()]);
    await catalogue.stop();
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`).finally(() => admin.end());
    await rm(dir, { recursive: true, force: true });
  }
}

const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).stdout.trim();
const loads = (/** @type {number[]} */ l) => l.map((value) => value.toFixed(2)).join(" / ");
const machine =
  `Commit ${commit}, Node ${process.versions.node}, ${cpus().length} × ${cpus()[0]?.model.trim()}; load average ` +
  `${loads(loadBefore)} before, ${loads(loadavg())} after.`;
const heading = `# Live updates figures, issue 34 (${RUN}, ${new Date().toISOString()})`;
const problemList = problems.length ? `\n## Problems\n\n${problems.map((p) => `- ${p}`).join("\n")}\n` : "";
await saveReport(
  "issue-34-live.md",
  `${heading}\n\n${machine}\n\n${table(["measured", "figure"], rows)}\n${problemList}`,
);
process.exit(0);
