// @ts-check
// `npm test`: every check once, cheapest first, and each stage's time at the end (also when a stage fails).
// The build does not check types again (next.config.js): the type-check stage here is the one.
import { spawn } from "node:child_process";

/** @typedef {[string, string[]]} Stage */

/** What the layer rules look at: all the code, the tests' and the benchmarks' too. */
const LAYERED = ["app", "components", "lib", "scripts", "bench", "e2e", "tests", "instrumentation.ts", "proxy.ts"];

/**
 * Stages in one group run side by side: the type check and lint each use one core of two. The build waits for the type
 * check, since it writes the route types (.next/types) the type check reads.
 * @type {Stage[][]}
 */
const GROUPS = [
  [
    ["type check", ["node_modules/typescript/bin/tsc", "--noEmit"]],
    ["lint", ["node_modules/eslint/bin/eslint.js", ".", "--max-warnings", "0"]],
  ],
  // The layer rules and cycles (.dependency-cruiser.cjs) and unused code (knip.json): a few seconds each.
  [
    [
      "layers",
      ["node_modules/dependency-cruiser/bin/dependency-cruise.mjs", ...LAYERED, "--config", ".dependency-cruiser.cjs"],
    ],
    ["unused code", ["node_modules/knip/bin/knip.js", "--no-progress"]],
  ],
  [["build", ["scripts/ensure-build.mjs"]]],
  [["unit/integration", ["node_modules/vitest/vitest.mjs", "run"]]],
  [["browser", ["node_modules/@playwright/test/cli.js", "test"]]],
];

/**
 * Runs one stage; beside others, its output is held and printed whole when it ends, so the logs do not interleave.
 * @param {Stage} stage @param {boolean} alone @returns {Promise<{ name: string, seconds: number, ok: boolean }>}
 */
function run([name, args], alone) {
  if (alone) console.log(`\n▶ ${name}`);
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  /** @type {Buffer[]} */
  const output = [];
  child.stdout?.on("data", (chunk) => output.push(chunk));
  child.stderr?.on("data", (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    let ended = false;
    /** @param {boolean} ok */
    const end = (ok) => {
      if (ended) return;
      ended = true;
      if (!alone) {
        console.log(`\n▶ ${name}`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ name, seconds: Math.round((performance.now() - started) / 1000), ok });
    };
    // A process that could not start (a loaded machine's EAGAIN) is a failed stage, as spawnSync reported it.
    child.on("error", (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      if (alone) console.error(error.message);
      end(false);
    });
    child.on("close", (status) => end(status === 0));
  });
}

/** @type {[string, string][]} */
const times = [];
// .ci/run times its install and passes the figure on; a developer's `npm install` ran before this script.
if (process.env.CI_INSTALL_SECONDS) times.push(["install", `${process.env.CI_INSTALL_SECONDS} s`]);

const runStarted = performance.now();
let failed;
for (const group of GROUPS) {
  const results = await Promise.all(group.map((stage) => run(stage, group.length === 1)));
  for (const { name, seconds } of results) times.push([name, `${seconds} s`]);
  failed = results
    .filter(({ ok }) => !ok)
    .map(({ name }) => name)
    .join(", ");
  if (failed) break;
}

console.log("\nStage times:");
for (const [name, time] of times) console.log(`  ${name.padEnd(18)} ${time.padStart(6)}`);
console.log(
  `  ${"npm test in all".padEnd(18)} ${`${Math.round((performance.now() - runStarted) / 1000)} s`.padStart(6)}`,
);
if (failed) {
  console.log(`\nnpm test failed at: ${failed}`);
  process.exit(1);
}
