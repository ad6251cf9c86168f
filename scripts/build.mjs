// @ts-check
// `npm run build`: the production build, plus the static assets and the server entry copied beside the standalone
// server, so `node .next/standalone/scripts/serve.mjs` serves the whole app on its own.
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
// The entry that stamps each request's client address, with the modules it imports, at the same relative paths.
const ENTRY_FILES = [
  "scripts/serve.mjs",
  ...["config-schema", "setting-checks", "forwarded", "metrics", "route-label", "drain"].map(
    (name) => `lib/node/${name}.mjs`,
  ),
  "lib/shared/environment-names.mjs",
];
for (const file of ENTRY_FILES) cpSync(file, `.next/standalone/${file}`);
// The settings' schema needs zod, which Next bundles into the app and so leaves out of the standalone node_modules.
// Its TypeScript sources (src/) are only for zod's own development.
cpSync("node_modules/zod", ".next/standalone/node_modules/zod", {
  recursive: true,
  filter: (source) => !/[\\/]zod[\\/]src([\\/]|$)/.test(source),
});
// The schema's migrations, applied at start from the server's working directory.
rmSync(".next/standalone/migrations", { recursive: true, force: true });
cpSync("migrations", ".next/standalone/migrations", { recursive: true });
