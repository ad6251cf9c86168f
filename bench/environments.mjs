// @ts-check
// `npm run bench:environments` (part of `npm run bench`), issue 27's figures against the production build and its two
// embedded catalogues: GET /api/compare at 100,000 categories in each environment against the two list reads it makes,
// then a promotion of 1,000 of the categories only in staging, from POST /api/promotions to finished.
import { spawnSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { environmentLists } from "./lib/environment-lists.mjs";
import { listReader } from "./lib/list-reads.mjs";
import { format, median, table } from "./lib/report.mjs";
import { CI, RUN, saveReport, timed, withApp } from "./lib/script.mjs";
import { promote } from "./lib/promote.mjs";

const [N, PROMOTED, RUNS] = CI ? [2_000, 20, 2] : [100_000, 1_000, 5];
/** @typedef {{ id: string, name: string, description?: string }} Category */
/** @typedef {{ onlyInStaging: Category[], onlyInProduction: Category[], differing: unknown[], same: number }} Comparison */

const loadBefore = loadavg();
const { production, staging } = environmentLists(N);
/** @type {string[]} */
const problems = [];
const rows = await withApp(
  { name: "bench-environments", categories: production, stagingCategories: staging },
  async (app, cookie) => {
    const [stagingService, productionService] = [app.stagingCatalogue, app.catalogue];
    if (!stagingService || !productionService) throw new Error("the app was started without both catalogues");
    const reader = listReader();
    /** @type {{ reads: number[], compare: number[] }} */
    const times = { reads: [], compare: [] };
    /** @type {Comparison | undefined} */
    let comparison;
    let listBytes = [0, 0];
    const reads = async () => {
      const got = await reader.read([stagingService, productionService]);
      if (got.statuses.some((status) => status !== 200)) problems.push(`A list read answered ${got.statuses}.`);
      listBytes = got.bytes;
      return got.ms;
    };
    const compare = async () => {
      const { ms, status, body } = await timed(`${app.url}/api/compare`, { headers: { cookie } });
      if (status !== 200) problems.push(`GET /api/compare answered ${status}: ${body.slice(0, 200)}`);
      else comparison = JSON.parse(body);
      return ms;
    };
    // The first round warms both up; then the order alternates, so neither always meets the machine first.
    for (let round = -1; round < RUNS; round++) {
      const turns = /** @type {const} */ ([
        ["reads", reads],
        ["compare", compare],
      ]);
      for (const [name, run] of round % 2 ? turns : [...turns].reverse()) {
        const ms = await run();
        if (round >= 0) times[name].push(ms);
      }
    }
    await reader.stop();
    const groups = comparison && checkComparison(comparison);
    const [readsMs, compareMs] = [median(times.reads), median(times.compare)];
    const promotion = await promote({ app, cookie, productionService, comparison, count: PROMOTED }).catch(
      (/** @type {Error} */ error) => void problems.push(`The promotion: ${error.message}`),
    );
    const sizes = listBytes.map(format.bytes).join(" and ");
    return [
      [
        `GET /api/compare, ${format.count(N)} categories in each environment, signed in, median of ${RUNS}`,
        format.ms(compareMs),
        `${groups ?? "not measured"}; runs ${range(times.compare)}`,
      ],
      [
        `the two list reads from the catalogues, at once, to the last byte, median of ${RUNS}`,
        format.ms(readsMs),
        `staging's and production's lists: ${sizes}; runs ${range(times.reads)}`,
      ],
      ["compare − the two reads", `**${format.ms(compareMs - readsMs)}**`, "target ≤ 2 s"],
      [
        `promotion of ${format.count(PROMOTED)} categories only in staging, POST /api/promotions to finished`,
        promotion ? `**${(promotion.ms / 1000).toFixed(1)} s**` : "not measured",
        `target ≤ 15 s; ${promotion?.note ?? "see Problems"}`,
      ],
    ];
  },
);

/** The fastest and slowest of some times. @param {number[]} ms */
function range(ms) {
  return `${format.ms(Math.min(...ms))}–${format.ms(Math.max(...ms))}`;
}

/** The groups as the page words them; a problem when they do not add up to N on each side. @param {Comparison} c */
function checkComparison({ onlyInStaging, onlyInProduction, differing, same }) {
  const [inStaging, inProduction] = [onlyInStaging.length, onlyInProduction.length].map(
    (n) => n + differing.length + same,
  );
  if (inStaging !== N || inProduction !== N)
    problems.push(`The comparison does not add up to ${format.count(N)} on each side.`);
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
