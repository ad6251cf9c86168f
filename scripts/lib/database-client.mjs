// @ts-check
// What the scripts do with a database before they touch it: bring its schema up to date, then use one client.
import { fileURLToPath } from "node:url";
import pg from "pg";
import { migrate } from "../../lib/node/migrate.mjs";

const MIGRATIONS = fileURLToPath(new URL("../../migrations", import.meta.url));

/**
 * Runs `work` with a client of the database at `url`, its schema up to date, and closes the client after.
 * @template T @param {string} url @param {(db: pg.Client) => Promise<T>} work @returns {Promise<T>}
 */
export async function withDatabaseClient(url, work) {
  await migrate(url, { dir: MIGRATIONS });
  const db = new pg.Client({ connectionString: url, application_name: "categories-admin script" });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}
