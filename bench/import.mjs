// @ts-check
// `npm run bench:import` (part of `npm run bench`), the import issue's figures against the production build and the
// embedded catalogue: the preview of a 20,000-row file against 100,000 categories (server time), and a 10,000-row
// import at the default concurrency, from Import to finished.
import { setTimeout as sleep } from "node:timers/promises";
import { format, median, table } from "./lib/report.mjs";
import { CI, SERVER_URL as server, timed, withApp } from "./lib/script.mjs";

const [CATALOGUE, FILE_ROWS, IMPORT_ROWS, RUNS] = CI ? [10_000, 2_000, 500, 1] : [100_000, 20_000, 10_000, 3];

/** POST /api/imports: the job its preview made, and the time it took. @param {string} url @param {string} cookie */
async function preview(url, cookie, /** @type {string[]} */ names) {
  const csv = `name,description\n${names.map((name) => `${name},imported by the bench`).join("\n")}\n`;
  const headers = { cookie, "content-type": "text/csv", "x-file-name": "bench.csv" };
  const { ms, status, body } = await timed(`${url}/api/imports`, { method: "POST", headers, body: csv });
  if (status !== 201) throw new Error(`preview answered ${status}: ${body}`);
  return { ms, job: /** @type {{ id: string }} */ (JSON.parse(body)) };
}

const categories = Array.from({ length: CATALOGUE }, (_, i) => ({ name: `Breed ${i + 1}` }));
const previewMs = await withApp({ name: "bench-import", server, categories }, async (app, cookie) => {
  // Half the file is already in the catalogue, so both lookups are exercised.
  const names = Array.from({ length: FILE_ROWS }, (_, i) => (i % 2 ? `Breed ${i + 1}` : `New breed ${i + 1}`));
  const runs = [];
  for (let run = 0; run < RUNS + 1; run++) runs.push((await preview(app.url, cookie, names)).ms);
  return median(runs.slice(1)); // the first warms the server up
});

const importMs = await withApp({ name: "bench-import", server, categories: [{ name: "dog" }] }, async (app, cookie) => {
  const names = Array.from({ length: IMPORT_ROWS }, (_, i) => `Imported ${i + 1}`);
  const { job } = await preview(app.url, cookie, names);
  const started = performance.now();
  const start = await fetch(`${app.url}/api/imports/${job.id}`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: '{"action":"start","createExisting":false}',
  });
  if (start.status !== 200) throw new Error(`start answered ${start.status}`);
  for (;;) {
    const response = await fetch(`${app.url}/api/imports/${job.id}`, { headers: { cookie } });
    const current = /** @type {{ state: string, counts: Record<string, number> }} */ (await response.json());
    if (current.state === "running") await sleep(200);
    else if (current.counts.created === IMPORT_ROWS) return performance.now() - started;
    else throw new Error(`import ended ${current.state} with ${JSON.stringify(current.counts)}`);
  }
});

const database = server ? "PostgreSQL" : "embedded database";
const previewed = `preview of ${format.count(FILE_ROWS)} rows against ${format.count(CATALOGUE)} categories (server)`;
const imported = `import of ${format.count(IMPORT_ROWS)} rows, 4 in flight, embedded catalogue, ${database}`;
const figures = [
  [previewed, format.ms(previewMs), "< 2 s"],
  [imported, `${(importMs / 1000).toFixed(1)} s`, "< 60 s"],
];
console.log(`\n${table(["figure", "measured", "target"], figures)}`);
