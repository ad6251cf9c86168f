import { fileURLToPath } from "node:url";
import { startEmbeddedDatabase } from "../../lib/db/embedded-database.mjs";
import { migrate } from "../../lib/db/migrate.mjs";

const MIGRATIONS = fileURLToPath(new URL("../../migrations", import.meta.url));

/**
 * Vitest's global setup: one embedded PostgreSQL (PGlite, in memory) with the schema applied, for every test file
 * and every app a test starts. Workers inherit DATABASE_URL. Rows are keyed by random tokens, so files never meet.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const database = await startEmbeddedDatabase(undefined);
  await migrate(database.url, { dir: MIGRATIONS });
  process.env.DATABASE_URL = database.url;
  return () => database.stop();
}
