// @ts-check
// `npm run bench:import` (part of `npm run bench`), the import issue's figures against the production build and the
// embedded catalogue: the preview of a 20,000-row file against 100,000 categories (server time), and a 10,000-row
// import at the default concurrency, from Import to finished.
import { startApp } from "../scripts/lib/standalone-app.mjs";
import { format, median, table } from "./lib/report.mjs";
import { CI, SERVER_URL as serverUrl, USER as user, freshDatabase } from "./lib/script.mjs";

const [CATALOGUE, FILE_ROWS, IMPORT_ROWS, RUNS] = CI
  ? [10_000, 2_000, 500, 1]
  : [100_000, 20_000, Number(process.env.BENCH_IMPORT_ROWS ?? 10_000), 3];

/** @param {string} url @param {string} cookie @param {string} csv */
async function preview(url, cookie, csv) {
  const started = performance.now();
  const headers = { cookie, "content-type": "text/csv", "x-file-name": "bench.csv" };
  const response = await fetch(`${url}/api/imports`, { method: "POST", headers, body: csv });
  if (response.status !== 201) throw new Error(`preview answered ${response.status}: ${await response.text()}`);
  const job = /** @type {{ id: string, counts: Record<string, number> }} */ (await response.json());
  return { ms: performance.now() - started, job };
}

const csvOf = (/** @type {string[]} */ names) =>
  `name,description\n${names.map((name) => `${name},imported by the bench`).join("\n")}\n`;

async function previewFigure() {
  const categories = Array.from({ length: CATALOGUE }, (_, i) => ({ name: `Breed ${i + 1}` }));
  const database = await freshDatabase(serverUrl);
  const env = { DATABASE_URL: database.url, LOG_LEVEL: "warn" };
  const app = await startApp({ users: [user], categories, name: "bench-import", env });
  try {
    const cookie = await app.signIn(user);
    // Half the file is already in the catalogue, so both lookups are exercised.
    const csv = csvOf(Array.from({ length: FILE_ROWS }, (_, i) => (i % 2 ? `Breed ${i + 1}` : `New breed ${i + 1}`)));
    const runs = [];
    for (let run = 0; run < RUNS + 1; run++) runs.push((await preview(app.url, cookie, csv)).ms);
    return median(runs.slice(1)); // the first warms the server up
  } finally {
    await app.stop();
    await database.stop();
  }
}

async function importFigure() {
  const database = await freshDatabase(serverUrl);
  const env = { DATABASE_URL: database.url, LOG_LEVEL: "warn" };
  const app = await startApp({ users: [user], categories: [{ name: "dog" }], name: "bench-import", env });
  try {
    const cookie = await app.signIn(user);
    const csv = csvOf(Array.from({ length: IMPORT_ROWS }, (_, i) => `Imported ${i + 1}`));
    const { job } = await preview(app.url, cookie, csv);
    const started = performance.now();
    const start = await fetch(`${app.url}/api/imports/${job.id}`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: '{"action":"start","createExisting":false}',
    });
    if (start.status !== 200) throw new Error(`start answered ${start.status}`);
    for (;;) {
      const current = /** @type {{ state: string, counts: Record<string, number> }} */ (
        await (await fetch(`${app.url}/api/imports/${job.id}`, { headers: { cookie } })).json()
      );
      if (current.state !== "running") {
        if (current.counts.created !== IMPORT_ROWS)
          throw new Error(`import ended ${current.state} with ${JSON.stringify(current.counts)}`);
        return performance.now() - started;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await app.stop();
    await database.stop();
  }
}

const previewMs = await previewFigure();
const importMs = await importFigure();
const figures = [
  [
    `preview of ${format.count(FILE_ROWS)} rows against ${format.count(CATALOGUE)} categories (server)`,
    format.ms(previewMs),
    "< 2 s",
  ],
  [
    `import of ${format.count(IMPORT_ROWS)} rows, 4 in flight, embedded catalogue, ` +
      (serverUrl ? "PostgreSQL" : "embedded database"),
    `${(importMs / 1000).toFixed(1)} s`,
    "< 60 s",
  ],
];
console.log(`\n${table(["figure", "measured", "target"], figures)}`);
