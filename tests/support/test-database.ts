import { fileURLToPath } from "node:url";
import pg from "pg";
import type { Queryable } from "@/lib/node/user-store.mjs";
import { migrate } from "@/lib/node/migrate.mjs";

/** A small pool on `url`, for fixtures and for looking at what the app stored. */
export function databaseAt(url: string): Queryable & { end: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max: 2, allowExitOnIdle: true });
  // The database may stop under an idle connection at the end of a file.
  pool.on("error", () => {});
  return { query: (text, values) => pool.query(text, values), end: () => pool.end() };
}

let own: Queryable | undefined;

/** The test file's own database (database-per-file.ts). */
export const testDb: Queryable = {
  query: (text, values) => (own ??= databaseAt(process.env.DATABASE_URL ?? "")).query(text, values),
};

/** A new, empty database on the PostgreSQL server at `serverUrl`, dropped by stop(). */
export async function newDatabaseOn(serverUrl: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const name = `test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const run = async (sql: string) => {
    const admin = new pg.Client(serverUrl);
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), stop: () => run(`DROP DATABASE ${name} WITH (FORCE)`) };
}

export type TestDatabase = { url: string; stop: () => Promise<void> };

const MIGRATIONS = fileURLToPath(new URL("../../migrations", import.meta.url));

/**
 * For the store tests' describe.each: the test file's embedded database always, and a new database on the real
 * PostgreSQL server that TEST_POSTGRES_URL names (.ci/run starts one) when it is set; each with its schema.
 */
export function databasesUnderTest(): [string, () => Promise<TestDatabase>][] {
  const embedded = async () => ({ url: process.env.DATABASE_URL ?? "", stop: async () => {} });
  const server = process.env.TEST_POSTGRES_URL;
  if (!server) return [["the embedded database", embedded]];
  const real = async () => {
    const database = await newDatabaseOn(server);
    await migrate(database.url, { dir: MIGRATIONS });
    return database;
  };
  return [
    ["the embedded database", embedded],
    ["PostgreSQL", real],
  ];
}
