// @ts-check
// `npm run bench:store` (part of `npm run bench`), the store issue's figures against the production build: signed-in
// GET /api/categories against /api/health with sessions in the embedded database and in PostgreSQL
// (BENCH_POSTGRES_URL or TEST_POSTGRES_URL), and a large audit trail (on that server, else embedded): each filter's
// first page.
import autocannon from "autocannon";
import { auditPageSql } from "../lib/node/audit-page-sql.mjs";
import { withDatabaseClient } from "../scripts/lib/database-client.mjs";
import { memoryBytes } from "./lib/load.mjs";
import { format, median, table } from "./lib/report.mjs";
import { CI, RUN, SERVER_URL as serverUrl, saveReport, timed, withApp } from "./lib/script.mjs";

const [SECONDS, RUNS, AUDIT_ROWS] = CI ? [1, 1, 20_000] : [5, 5, 1_000_000];

/** Autocannon's requests per second over SECONDS. @param {string} url @param {Record<string, string>} headers */
async function throughput(url, headers) {
  const result = await autocannon({ url, headers, connections: 32, duration: SECONDS });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

/** @param {string} label @param {string | undefined} server */
async function listVersusHealth(label, server) {
  const categories = Array.from({ length: 20 }, (_, i) => ({ name: `Breed ${i + 1}` }));
  return withApp({ name: "bench-store", server, categories }, async (app, cookie) => {
    const [list, health] = [`${app.url}/api/categories`, `${app.url}/api/health`];
    await throughput(list, { cookie }); // warm-up
    const runs = /** @type {number[][]} */ ([]);
    for (let run = 0; run < RUNS; run++) runs.push([await throughput(list, { cookie }), await throughput(health, {})]);
    const rps = (/** @type {number} */ i) => median(runs.map((run) => run[i] ?? 0));
    const [l, h] = [rps(0), rps(1)];
    return [label, format.rate(l), format.rate(h), `**${(l / h).toFixed(2)}**`];
  });
}

/** A filter as the History page writes it in its address. @param {string | Date | { time: Date, id: string }} value */
const searchValue = (value) => {
  if (value instanceof Date) return value.toISOString();
  return typeof value === "string" ? value : `${value.time.getTime()}.${value.id}`;
};
/** @param {Record<string, string | Date | { time: Date, id: string }>} filters */
const auditSearch = (filters) =>
  new URLSearchParams(Object.entries(filters).map(([key, value]) => [key, searchValue(value)]));

/** The app's resident memory. @param {number} pid */
const residentMiB = (pid) => memoryBytes(pid, "VmRSS") / 2 ** 20;

/** Every event as CSV, read as fast as it comes, sampling the app's memory meanwhile: streamed, it must stay flat.
 * @param {{ url: string, pid: number }} app @param {string} cookie */
async function exportAll(app, cookie) {
  const before = residentMiB(app.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, residentMiB(app.pid))), 50);
  const started = performance.now();
  const response = await fetch(`${app.url}/api/audit/export`, { headers: { cookie } });
  let [bytes, lines] = [0, 0];
  for await (const chunk of /** @type {AsyncIterable<Uint8Array>} */ (response.body)) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  const size = `${format.count(lines - 1)} rows, ${(bytes / 2 ** 20).toFixed(0)} MiB in ${seconds.toFixed(1)} s`;
  const memory = `**${before.toFixed(0)} MiB before, ${peak.toFixed(0)} MiB at most**`;
  return `Export of every event (GET /api/audit/export): ${size}; the app's resident memory ${memory} during it.`;
}

/** Fills the audit trail; returns a line that says how many rows, how fast. @param {import("pg").Client} db */
async function fillAuditTrail(db) {
  const started = Date.now();
  // 200 people, the actions in proportion to how often they happen, over 400 days, newest last; the category events
  // name one of 100,000 categories.
  await db.query(
    `INSERT INTO audit_events (time, actor, action, request_id, details)
    SELECT now() - (($1::int - i) * (400 * 86400.0 / $1::int)) * interval '1 second', 'user-' || (i % 200), action,
      'req-' || i,
      CASE WHEN action LIKE 'category%'
        THEN jsonb_build_object('name', 'Breed ' || (i % 100000), 'categoryId', (i % 100000)::text)
           ELSE jsonb_build_object('address', '203.0.113.' || (i % 250)) END
    FROM generate_series(1, $1::int) AS i,
      LATERAL (SELECT (ARRAY['signed_in','signed_in','signed_out','sign_in_failed','category_create_requested',
        'category_created','category_created','category_created','category_create_failed','forbidden','refused'])
        [1 + i % 11] AS action) AS a`,
    [AUDIT_ROWS],
  );
  await db.query("ANALYZE audit_events");
  const inserted = `${((Date.now() - started) / 1000).toFixed(1)} s (${serverUrl ? "PostgreSQL" : "embedded"})`;
  return (
    `${format.count(AUDIT_ROWS)} rows inserted in ${inserted}; a signed-in GET /api/audit of the first page of 50 ` +
    "(with the probes for pages on either side), median of 5:"
  );
}

/** @param {import("pg").Client} db @param {{ url: string, pid: number }} app @param {string} cookie */
async function auditPages(db, app, cookie) {
  const heading = await fillAuditTrail(db);
  const halfway = "SELECT time, id::text FROM audit_events ORDER BY time DESC, id DESC OFFSET $1 LIMIT 1";
  const [middle] = (await db.query(halfway, [Math.floor(AUDIT_ROWS / 2)])).rows;
  const [hour, day] = [3_600_000, 86_400_000];
  const midnight = new Date(new Date().setHours(0, 0, 0, 0));
  const cases = {
    "no filter": {},
    person: { actor: "user-42" },
    "event (common: created category)": { action: "category_created" },
    "event (rare: forbidden)": { action: "forbidden" },
    "last hour": { from: new Date(Date.now() - hour) },
    today: { from: midnight },
    "last 7 days": { from: new Date(Date.now() - 7 * day) },
    "custom range (one day, 200 days ago)": {
      from: new Date(Date.now() - 200 * day),
      to: new Date(Date.now() - 199 * day),
    },
    "text: a category id": { q: "4242" },
    'text: a rare name part ("reed 4242")': { q: "reed 4242" },
    'text: a common name part ("breed")': { q: "breed" },
    'text: in 5% of events, none recent ("reed 1")': { q: "reed 1" },
    'text: in 0.5% of events ("reed 42")': { q: "reed 42" },
    'text: two letters ("ee")': { q: "ee" },
    "text: no match": { q: "zebra" },
    "a category's history (link from the list)": { category: "4242" },
    "person and event": { actor: "user-42", action: "category_created" },
    "a page halfway down (cursor)": { before: { time: middle.time, id: middle.id } },
    "newer than halfway (cursor)": { after: { time: middle.time, id: middle.id } },
  };
  const rows = [];
  for (const [name, filters] of Object.entries(cases)) {
    const url = `${app.url}/api/audit?${auditSearch(filters)}`;
    const times = [];
    for (let i = 0; i < 6; i++) {
      const { ms, status, body } = await timed(url, { headers: { cookie } });
      if (status !== 200) throw new Error(`${url}: ${status} ${body}`);
      times.push(ms);
    }
    const { text, values } = auditPageSql({ ...filters, limit: 50 });
    const { rows: plan } = await db.query(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${text}`, values);
    // The first request warms the app's connection and statement cache.
    const steps = plan.map((row) => String(row["QUERY PLAN"]).trim()).join("; ");
    rows.push([name, `**${format.ms(median(times.slice(1)))}**`, steps]);
  }
  const pages = table(["filter", "GET /api/audit", "plan of the page's query"], rows);
  return `Audit trail: ${heading}\n\n${pages}\n\n${await exportAll(app, cookie)}`;
}

const sessions = [await listVersusHealth("embedded", undefined)];
if (serverUrl) sessions.push(await listVersusHealth("PostgreSQL", serverUrl));
const report = [
  `# Store figures (${RUN}, ${new Date().toISOString()})\n`,
  `Sessions in each database${serverUrl ? "" : " (PostgreSQL not measured: set BENCH_POSTGRES_URL)"}; ` +
    "target ≥ 0.75:\n",
  table(["sessions in", "signed-in GET /api/categories req/s", "/api/health req/s", "list / health"], sessions),
  "",
  await withApp({ name: "bench-audit", server: serverUrl }, (app, cookie, databaseUrl) =>
    withDatabaseClient(databaseUrl, (db) => auditPages(db, app, cookie)),
  ),
];
await saveReport("store.md", `${report.join("\n")}\n`);
