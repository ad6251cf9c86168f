// @ts-check
// `npm test`: every check once, cheapest first, and each stage's time at the end (also when a stage fails).
// The build does not check types again (next.config.js): the type-check stage here is the one.
import { spawnSync } from "node:child_process";

/** @type {[string, string[]][]} */
const STAGES = [
  ["type check", ["node_modules/typescript/bin/tsc", "--noEmit"]],
  ["lint", ["node_modules/eslint/bin/eslint.js", ".", "--max-warnings", "0"]],
  ["build", ["scripts/ensure-build.mjs"]],
  ["unit/integration", ["node_modules/vitest/vitest.mjs", "run"]],
  ["browser", ["node_modules/@playwright/test/cli.js", "test"]],
];

/** @type {[string, string][]} */
const times = [];
// .ci/run times its install and passes the figure on; a developer's `npm install` ran before this script.
if (process.env.CI_INSTALL_SECONDS) times.push(["install", `${process.env.CI_INSTALL_SECONDS} s`]);

const runStarted = performance.now();
let failed;
for (const [name, args] of STAGES) {
  console.log(`\n▶ ${name}`);
  const started = performance.now();
  const { status } = spawnSync(process.execPath, args, {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  times.push([name, `${Math.round((performance.now() - started) / 1000)} s`]);
  if (status !== 0) {
    failed = name;
    break;
  }
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
