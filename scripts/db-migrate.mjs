// @ts-check
// `npm run db:migrate`: brings the database's schema up to date on its own, as the app does at every start.
// DATABASE_URL names the server; without it, the embedded database in DATA_DIR (default .data/): the running
// `npm start`'s, or opened here when nothing runs.
import { resolve } from "node:path";
import nextEnv from "@next/env";
import { runningDatabaseUrl, startEmbeddedDatabase } from "../lib/db/embedded-database.mjs";
import { migrate } from "../lib/db/migrate.mjs";

nextEnv.loadEnvConfig(process.cwd(), false, { info: () => {}, error: console.error });
const dataDir = resolve(process.env.DATA_DIR ?? ".data");
const runningUrl = process.env.DATABASE_URL || runningDatabaseUrl(dataDir);
const embedded = runningUrl ? undefined : await startEmbeddedDatabase(dataDir);
const url = runningUrl || embedded?.url || "";
try {
  const applied = await migrate(url, { dir: resolve("migrations") });
  console.log(applied.length === 0 ? "The schema is up to date." : `Applied: ${applied.join(", ")}`);
} catch (error) {
  console.error(`Migration failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await embedded?.stop();
}
