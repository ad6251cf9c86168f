import pg from "pg";
import type { Queryable } from "@/lib/node/user-store.mjs";

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

/** The PostgreSQL server of every test file's database when TEST_FILE_DATABASE=postgres, else none (embedded). */
export function fileDatabaseServer(): string | undefined {
  if (process.env.TEST_FILE_DATABASE !== "postgres") return undefined;
  if (!process.env.TEST_POSTGRES_URL) throw new Error("TEST_FILE_DATABASE=postgres needs TEST_POSTGRES_URL");
  return process.env.TEST_POSTGRES_URL;
}

/** A new database on the PostgreSQL server at `serverUrl`, empty or a copy of `template`, dropped by stop(). */
export async function newDatabaseOn(
  serverUrl: string,
  template?: string,
): Promise<{ url: string; stop: () => Promise<void> }> {
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
  await run(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), stop: () => run(`DROP DATABASE ${name} WITH (FORCE)`) };
}

/** The kind of the test file's own database, for test titles and the checks that differ by kind. */
export const fileDatabaseKind = () => (fileDatabaseServer() ? "PostgreSQL" : "the embedded database");
