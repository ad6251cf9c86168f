// @ts-check
// `npm run build`: the production build, plus the static assets copied beside the standalone
// server, so `node .next/standalone/server.js` serves the whole app on its own.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, rmSync } from "node:fs";

const result = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], {
  stdio: "inherit",
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
});
if (result.status !== 0) process.exit(result.status ?? 1);

rmSync(".next/standalone/.next/static", { recursive: true, force: true });
cpSync(".next/static", ".next/standalone/.next/static", { recursive: true });
if (existsSync("public")) cpSync("public", ".next/standalone/public", { recursive: true });
