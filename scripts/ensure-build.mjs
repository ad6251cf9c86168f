// @ts-check
// Builds the app only when there is no production build or a source is newer than it,
// so `npm start` and `npm test` on a fresh clone build once and later runs reuse it.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const SOURCES = [
  "app",
  "components",
  "lib",
  "migrations",
  "public",
  "next.config.js",
  "instrumentation.ts",
  "proxy.ts",
  "scripts/build.mjs",
  "scripts/serve.mjs",
  "package-lock.json",
  "tsconfig.json",
];
const BUILD_ID = ".next/BUILD_ID";

/** @param {string} path @returns {number} */
function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestChange(join(path, entry))), stat.mtimeMs);
}

export function ensureBuild() {
  const built = existsSync(BUILD_ID) ? statSync(BUILD_ID).mtimeMs : 0;
  if (built > Math.max(...SOURCES.map(newestChange))) return;
  console.log(built ? "Sources changed since the last build: building…" : "No production build yet: building…");
  const result = spawnSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) ensureBuild();
