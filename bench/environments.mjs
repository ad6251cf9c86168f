// @ts-check
// `npm run bench:environments` (part of `npm run bench`), issue 27's figures against the production build and its two
// embedded catalogues: GET /api/compare at 100,000 categories in each environment against the two list reads it makes,
// then a promotion of 1,000 of the categories only in staging, from POST /api/promotions to finished; and in a full
// run the same promotion into a production of 20 categories, to tell the size of the target from the job's own cost.
import { spawnSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { timeCompare } from "./lib/compare-timing.mjs";
import { environmentLists } from "./lib/environment-lists.mjs";
import { promote } from "./lib/promote.mjs";
import { format, table } from "./lib/report.mjs";
import { CI, RUN, saveReport, withApp } from "./lib/script.mjs";
import { makeCategories } from "./lib/seed.mjs";

const [N, PROMOTED, RUNS, SMALL] = CI ? [2_000, 20, 2, 0] : [100_000, 1_000, 5, 20];
/** @typedef {import("./lib/compare-timing.mjs").Comparison} Comparison */
/** @typedef {{ id?: string, name: string, description?: string }} Category */

const loadBefore = loadavg();
/** @type {string[]} */
const problems = [];
/** @type {(string | number)[][]} */
const rows = [];

/**
 * Starts the app on both lists and runs `measure` with the catalogues' addresses and keys.
 * @param {{ production: Category[], staging: Category[] }} lists
 * @param {(app: { url: string }, cookie: string, services: { staging: Service, production: Service }) => Promise<void>} measure
 * @typedef {import("./lib/list-reads.mjs").Service} Service
 */
const withEnvironments = ({ production, staging }, measure) =>
  withApp({ name: "bench-environments", categories: production, stagingCategories: staging }, (app, cookie) => {
    const [stagingService, productionService] = [app.stagingCatalogue, app.catalogue];
    if (!stagingService || !productionService) throw new Error("the app was started without both catalogues");
    return measure(app, cookie, { staging: stagingService, production: productionService });
  });

/**
 * A promotion's row of the report; its problems join the others.
 * @param {string} where @param {{ ms: number, note: string, problems: string[] } | void} promotion
 */
function promotionRow(where, promotion) {
  for (const problem of promotion?.problems ?? []) problems.push(`The promotion ${where}: ${problem}.`);
  return [
    `promotion of ${format.count(PROMOTED)} categories only in staging ${where}, POST /api/promotions to finished`,
    promotion ? `**${(promotion.ms / 1000).toFixed(1)} s**` : "not measured",
    `target ≤ 15 s; ${promotion?.note ?? "see Problems"}`,
  ];
}

await withEnvironments(environmentLists(N), async (app, cookie, services) => {
  const options = { url: app.url, cookie, services: /** @type {const} */ ([services.staging, services.production]) };
  const { times, compareMs, readsMs, comparison, listBytes } = await timeCompare({ ...options, runs: RUNS, problems });
  const groups = comparison && checkComparison(comparison);
  rows.push(
    [
      `GET /api/compare, ${format.count(N)} categories in each environment, signed in, median of ${RUNS}`,
      format.ms(compareMs),
      `${groups ?? "not measured"}; runs ${range(times.compare)}`,
    ],
    [
      `the two list reads from the catalogues, at once, to the last byte, median of ${RUNS}`,
      format.ms(readsMs),
      `staging's and production's lists: ${listBytes.map(format.bytes).join(" and ")}; runs ${range(times.reads)}`,
    ],
    ["compare − the two reads", `**${format.ms(compareMs - readsMs)}**`, "target ≤ 2 s"],
  );
  const promotion = await promote({ app, cookie, productionService: services.production, count: PROMOTED }).catch(
    (/** @type {Error} */ error) =>
      void problems.push(`The promotion (${format.count(N)} in each environment): ${error.message}`),
  );
  rows.push(promotionRow(`(${format.count(N)} in each environment)`, promotion));
});

if (SMALL) {
  const production = makeCategories(SMALL);
  const added = Array.from({ length: PROMOTED }, (_, i) => ({ name: `New in staging ${i + 1}` }));
  await withEnvironments({ production, staging: [...production, ...added] }, async (app, cookie, services) => {
    const promotion = await promote({ app, cookie, productionService: services.production, count: PROMOTED }).catch(
      (/** @type {Error} */ error) =>
        void problems.push(`The promotion into a production of ${SMALL}: ${error.message}`),
    );
    rows.push(promotionRow(`into a production of ${SMALL}`, promotion));
  });
}

/** The fastest and slowest of some times. @param {number[]} ms */
function range(ms) {
  return `${format.ms(Math.min(...ms))}–${format.ms(Math.max(...ms))}`;
}

/** The groups as the page words them; a problem when they do not add up to N on each side. @param {Comparison} c */
function checkComparison({ onlyInStaging, onlyInProduction, differing, same }) {
  const sides = [onlyInStaging, onlyInProduction].map((only) => only.length + differing.length + same);
  if (sides.some((side) => side !== N)) problems.push(`The comparison does not add up to ${format.count(N)} a side.`);
  return (
    `${format.count(onlyInStaging.length)} only in staging, ${format.count(onlyInProduction.length)} only in ` +
    `production, ${format.count(differing.length)} differ, ${format.count(same)} the same`
  );
}

const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).stdout.trim();
const loads = (/** @type {number[]} */ l) => l.map((value) => value.toFixed(2)).join(" / ");
const machine =
  `Commit ${commit}, Node ${process.versions.node}, ${cpus().length} × ${cpus()[0]?.model.trim()}; load average ` +
  `${loads(loadBefore)} before, ${loads(loadavg())} after.`;
const heading = `# Environments figures, issue 27 (${RUN}, ${new Date().toISOString()})`;
const problemList = problems.length ? `\n## Problems\n\n${problems.map((p) => `- ${p}`).join("\n")}\n` : "";
const report = `${heading}\n\n${machine}\n\n${table(["measured", "figure", "note"], rows)}\n${problemList}`;
await saveReport("issue-27-environments.md", report);
process.exit(problems.length ? 1 : 0);
