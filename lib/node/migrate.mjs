// @ts-check
// node-pg-migrate's lock is try-once, and PGlite's one backend makes it exclude nobody: a replica that meets another's
// migration waits a moment and runs again, finding the work done.
import { join } from "node:path";
import { runner } from "node-pg-migrate";

/** @param {string} databaseUrl @param {{ dir?: string, log?: (message: string) => void }} [options] */
export async function migrate(databaseUrl, { dir = join(process.cwd(), "migrations"), log = () => {} } = {}) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(databaseUrl, dir, log);
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !metAnother(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.random() * 100));
    }
  }
}

const MAX_ATTEMPTS = 10;

/** @param {unknown} error */
function metAnother(error) {
  const text = String(error instanceof Error ? error.message : error);
  return (
    text.includes("Another migration is already running") ||
    text.includes("already exists") ||
    // The other's migration dropped it first.
    text.includes("does not exist") ||
    text.includes("duplicate key")
  );
}

/** @param {string} databaseUrl @param {string} dir @param {(message: string) => void} log */
async function runOnce(databaseUrl, dir, log) {
  const applied = await runner({
    databaseUrl,
    dir,
    direction: "up",
    migrationsTable: "pgmigrations",
    checkOrder: true,
    log,
    logger: { debug: () => {}, info: log, warn: log, error: log },
  });
  return applied.map((migration) => migration.name);
}
