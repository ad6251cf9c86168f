// @ts-check
// `npm run bench:store` (part of `npm run bench`): the figures of the store issue, against the production build.
// 1. Signed-in GET /api/categories (20 items) against the app's own /api/health, 32 connections, with sessions in the
//    embedded database and, when BENCH_POSTGRES_URL (or TEST_POSTGRES_URL) names a server, in a real PostgreSQL.
// 2. The audit trail at 1,000,000 rows (real PostgreSQL when there is one, else the embedded one): the plan and time of
//    the first page under each filter, and of a page deep in the trail.
import { mkdir, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { auditPageSql } from "../lib/server/audit/audit-page-sql.mjs";
import { startEmbeddedDatabase } from "../lib/server/db/embedded-database.mjs";
import { migrate } from "../lib/server/db/migrate.mjs";
import { ensureBuild } from "../scripts/ensure-build.mjs";
import { freePort } from "../scripts/lib/ports.mjs";
import { startApp } from "../scripts/lib/standalone-app.mjs";
import { median } from "./lib/stats.mjs";

const { values: flags } = parseArgs({ options: { ci: { type: "boolean", default: false } } });
const SECONDS = flags.ci ? 1 : 5;
const RUNS = flags.ci ? 1 : 5;
const AUDIT_ROWS = flags.ci ? 20_000 : 1_000_000;
const serverUrl = process.env.BENCH_POSTGRES_URL || process.env.TEST_POSTGRES_URL;
const user = { username: "bench", role: /** @type {const} */ ("admin"), password: "bench-password-123" };
ensureBuild();

/** A new database on the server, dropped by stop(); or the embedded one, in memory. @returns {Promise<{ url: string, stop: () => Promise<void> }>} */
async function freshDatabase(/** @type {string | undefined} */ server) {
  if (!server) return startEmbeddedDatabase(undefined);
  const name = `bench_store_${process.pid}_${Date.now()}`;
  const admin = async (/** @type {string} */ sql) => {
    const client = new pg.Client(server);
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), stop: () => admin(`DROP DATABASE ${name} WITH (FORCE)`) };
}

/** Requests per second over SECONDS with 32 connections. @param {string} url @param {Record<string, string>} headers */
async function throughput(url, headers) {
  const result = await autocannon({ url, headers, connections: 32, duration: SECONDS });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

/** @param {string} label @param {string | undefined} server */
async function listVersusHealth(label, server) {
  const database = await freshDatabase(server);
  const categories = Array.from({ length: 20 }, (_, i) => ({ name: `Breed ${i + 1}` }));
  const app = await startApp({ port: await freePort(), users: [user], categories, name: "bench-store", env: { DATABASE_URL: database.url, LOG_LEVEL: "warn" } });
  try {
    const cookie = await app.signIn(user);
    const list = [];
    const health = [];
    await throughput(`${app.url}/api/categories`, { cookie }); // warm-up
    for (let run = 0; run < RUNS; run++) {
      list.push(await throughput(`${app.url}/api/categories`, { cookie }));
      health.push(await throughput(`${app.url}/api/health`, {}));
    }
    const [l, h] = [median(list), median(health)];
    return `- ${label}: signed-in GET /api/categories ${Math.round(l)} req/s, /api/health ${Math.round(h)} req/s: **${(l / h).toFixed(2)}** (target ≥ 0.75)`;
  } finally {
    await app.stop();
    await database.stop();
  }
}

async function auditPlans() {
  const database = await freshDatabase(serverUrl);
  await migrate(database.url, { dir: "migrations" });
  const db = new pg.Client(database.url);
  await db.connect();
  try {
    const started = Date.now();
    // 200 people, the actions in proportion to how often they happen, over 400 days, newest last.
    await db.query(
      `INSERT INTO audit_events (time, actor, action, request_id, details)
       SELECT now() - (($1::int - i) * (400 * 86400.0 / $1::int)) * interval '1 second',
              'user-' || (i % 200),
              (ARRAY['signed_in','signed_in','signed_out','sign_in_failed','category_create_requested','category_created',
                     'category_created','category_created','category_create_failed','forbidden','refused'])[1 + i % 11],
              'req-' || i, jsonb_build_object('name', 'Breed ' || i, 'categoryId', i::text)
       FROM generate_series(1, $1::int) AS i`,
      [AUDIT_ROWS],
    );
    await db.query("ANALYZE audit_events");
    const lines = [`Audit trail: ${AUDIT_ROWS.toLocaleString("en")} rows inserted in ${((Date.now() - started) / 1000).toFixed(1)} s (${serverUrl ? "PostgreSQL" : "embedded"}); first page of 50, median of 5:`];
    const { rows: [middle] } = await db.query("SELECT time, id::text FROM audit_events ORDER BY time DESC, id DESC OFFSET $1 LIMIT 1", [Math.floor(AUDIT_ROWS / 2)]);
    const cases = [
      ["no filter", {}],
      ["actor", { actor: "user-42" }],
      ["action", { action: "forbidden" }],
      ["time range (one day, 200 days ago)", { from: new Date(Date.now() - 200 * 86_400_000), to: new Date(Date.now() - 199 * 86_400_000) }],
      ["actor and action", { actor: "user-42", action: "category_created" }],
      ["a page halfway down (cursor)", { before: { time: middle.time, id: middle.id } }],
    ];
    for (const [name, filters] of /** @type {[string, object][]} */ (cases)) {
      const { text, values } = auditPageSql({ ...filters, limit: 50 });
      const times = [];
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        await db.query(text, values);
        times.push(performance.now() - t);
      }
      const { rows } = await db.query(`EXPLAIN (ANALYZE, COSTS OFF) ${text}`, values);
      const plan = rows.map((row) => `    ${row["QUERY PLAN"]}`).join("\n");
      lines.push(`- ${name}: **${median(times).toFixed(2)} ms**\n\n${plan}\n`);
    }
    return lines.join("\n");
  } finally {
    await db.end();
    await database.stop();
  }
}

const report = [`# Store figures (${flags.ci ? "CI run: small and short, figures mean little" : "full run"}, ${new Date().toISOString()})`, ""];
report.push(await listVersusHealth("Sessions in the embedded database", undefined));
if (serverUrl) report.push(await listVersusHealth("Sessions in PostgreSQL", serverUrl));
else report.push("- Sessions in PostgreSQL: not measured (set BENCH_POSTGRES_URL to a server)");
if (process.env.BENCH_STORE_SKIP_AUDIT !== "1") report.push("", await auditPlans());
const text = `${report.join("\n")}\n`;
console.log(text);
const dir = flags.ci ? "bench/results/ci" : "bench/results";
await mkdir(dir, { recursive: true });
await writeFile(`${dir}/store.md`, text);
