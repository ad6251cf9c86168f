// @ts-check
// `npm run db:migrate`: brings the database's schema up to date on its own, as the app does at every start.
import { resolve } from "node:path";
import { migrate } from "../lib/node/migrate.mjs";
import { withCommandDatabase } from "./lib/command-database.mjs";

try {
  const applied = await withCommandDatabase((url) => migrate(url, { dir: resolve("migrations") }));
  console.log(applied.length === 0 ? "The schema is up to date." : `Applied: ${applied.join(", ")}`);
} catch (error) {
  console.error(`Migration failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
}
