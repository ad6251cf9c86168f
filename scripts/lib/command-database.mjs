// @ts-check
// The database a command works on, as the app finds it: DATABASE_URL (from the environment or the .env files Next
// reads) names a server; without it, the embedded database in DATA_DIR (default .data/): the running `npm start`'s,
// or opened here, for the command alone, when nothing runs.
import { resolve } from "node:path";
import nextEnv from "@next/env";

/**
 * Runs `work` with the database's URL and closes what was opened for it.
 * @template T @param {(url: string, where: string) => Promise<T>} work @returns {Promise<T>}
 */
export async function withCommandDatabase(work) {
  nextEnv.loadEnvConfig(process.cwd(), false, { info: () => {}, error: console.error });
  if (process.env.DATABASE_URL) return work(process.env.DATABASE_URL, "the database at DATABASE_URL");
  // Loaded only here: the Docker image, which always has DATABASE_URL, ships no embedded database.
  const { runningDatabaseUrl, startEmbeddedDatabase } = await import("../../lib/node/embedded-database.mjs");
  const dataDir = resolve(process.env.DATA_DIR ?? ".data");
  const running = runningDatabaseUrl(dataDir);
  if (running) return work(running, `the running app's embedded database (${dataDir})`);
  const embedded = await startEmbeddedDatabase(dataDir);
  try {
    return await work(embedded.url, `the embedded database in ${dataDir}`);
  } finally {
    await embedded.stop();
  }
}
