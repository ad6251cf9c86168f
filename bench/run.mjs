// @ts-check
// `npm run bench`: the app's production build against a minimal Node proxy and the catalogue service
// itself, at several list sizes, on loopback. See bench/README.md for what it measures and its settings.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { ensureBuild } from "../scripts/ensure-build.mjs";
import { killAllNow, machineBusyMs, stopAll } from "./lib/children.mjs";
import { compactJson, formatCount } from "./lib/format.mjs";
import { measureSize } from "./lib/measure-size.mjs";
import { readOptions } from "./lib/options.mjs";
import { toMarkdown } from "./lib/markdown.mjs";
import { judgeTargets, summarise } from "./lib/report.mjs";

process.chdir(fileURLToPath(new URL("..", import.meta.url)));
let options;
try {
  options = readOptions(process.argv.slice(2), process.env);
} catch (error) {
  console.error(`bench: ${error instanceof Error ? error.message : error}`);
  process.exit(2);
}

let workDir = "";
const removeWorkDir = () => (workDir && !options.keepTemp ? rm(workDir, { recursive: true, force: true }) : Promise.resolve());
process.on("exit", killAllNow);
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM", "SIGHUP"])) {
  process.once(signal, async () => {
    console.error(`\nbench: ${signal}, stopping the servers…`);
    await stopAll();
    await removeWorkDir();
    process.exit(130);
  });
}

ensureBuild();
// Read before measuring: what was built and measured, even if someone commits meanwhile.
const changes = git(["status", "--porcelain", "--", ".", ":!bench", ":!tests/unit/bench-*"]);
const commit = (git(["rev-parse", "--short", "HEAD"]) ?? "unknown") + (changes ? " with uncommitted changes" : "");
const startedAt = new Date();
const loadAverage = loadavg();
const settings = `N ${options.sizes.map(formatCount).join(", ")}; ${options.connections.join(" and ")} connections; ${options.runs} run(s); ` +
  `${options.durationSeconds} s per cell, or ${options.requestsPerConnection} requests per connection (at least ${options.minRequests}) from N = ${formatCount(options.countFromN)}`;
console.log(`bench: ${options.ci ? "CI run (proves the benchmark works; its figures mean little)" : "full run"}: ${settings}`);
const busyBefore = machineBusyMs();
await sleep(1000);
const busyAtStart = (machineBusyMs() - busyBefore) / (1000 * availableParallelism());
if (busyAtStart > 0.1) console.log(`bench: other processes are using ${Math.round(busyAtStart * 100)}% of the machine; figures will be lower than on an idle one.`);

/** @type {import("./lib/report.mjs").Measurements} */
const results = { cells: [], compression: [], conditional: [], store: [], appPeakRss: [], changedList: [], problems: [], notes: [] };
let exitCode = 0;
try {
  workDir = await mkdtemp(join(tmpdir(), "categories-bench-"));
  const setup = { workDir, sessionSecret: randomBytes(32).toString("base64url") };
  for (const n of options.sizes) {
    console.log(`\nN = ${formatCount(n)}`);
    await measureSize(n, options, setup, results);
  }
} catch (error) {
  results.problems.push(`The run stopped: ${error instanceof Error ? error.message : error}`);
} finally {
  await stopAll();
  if (options.keepTemp) console.log(`bench: logs and data kept in ${workDir}`);
  await removeWorkDir();
}

const summary = summarise(results.cells);
const busiest = Math.max(0, ...summary.map((row) => row.otherCpuShare).filter(Number.isFinite));
if (busiest > 0.1) {
  results.notes.push(`Processes outside the benchmark used up to ${Math.round(busiest * 100)}% of the machine during some measurements (column "other CPU"): ` +
    "those rows are slower than an idle machine gives, so compare runs on a quiet machine.");
}
const targets = judgeTargets(summary, results.compression, results.conditional);
const meta = {
  startedAt: startedAt.toISOString(), finishedAt: new Date().toISOString(), mode: options.ci ? "CI" : "full", commit,
  node: process.versions.node, cpu: cpus()[0]?.model.trim() ?? "unknown CPU", cores: cpus().length,
  memoryGiB: Math.round(totalmem() / 2 ** 30), loadAverage, busyAtStart, settings, durationSeconds: options.durationSeconds,
};
const json = compactJson({ meta, options, targets, summary, ...results });
const markdown = toMarkdown({ meta, summary, targets, ...results });
await mkdir(options.outDir, { recursive: true });
await writeAtomically(join(options.outDir, "latest.json"), json);
await writeAtomically(join(options.outDir, "latest.md"), markdown);
if (!options.ci) {
  await mkdir(join(options.outDir, "history"), { recursive: true });
  await writeAtomically(join(options.outDir, "history", `${meta.startedAt.slice(0, 10)}-${commit.split(" ")[0]}.json`), json);
}

console.log(`\n${markdown}`);
console.log(`bench: ${(Date.now() - startedAt.getTime()) / 1000} s; results in ${options.outDir}/latest.md and latest.json`);
if (results.problems.length > 0) {
  console.error(`bench: ${results.problems.length} problem(s):\n${results.problems.map((p) => `  - ${p}`).join("\n")}`);
  exitCode = 1;
}
process.exit(exitCode);

/** @param {string[]} args */
function git(args) {
  const result = spawnSync("git", args, { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

/** @param {string} file @param {string} text */
async function writeAtomically(file, text) {
  await writeFile(`${file}.tmp`, text);
  await rename(`${file}.tmp`, file);
}
