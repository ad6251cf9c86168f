import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedDatabase } from "@/lib/node/embedded-database.mjs";
import { migrate } from "@/lib/node/migrate.mjs";
import { fileDatabaseKind, fileDatabaseServer, newDatabaseOn } from "../support/test-database";

const MIGRATIONS = fileURLToPath(new URL("../../migrations", import.meta.url));

type Database = { url: string; stop: () => Promise<void> };

// The run's database kind, as for every test file's own: .ci/run's first pass migrates the embedded database, its
// second (TEST_FILE_DATABASE=postgres) PostgreSQL, so both are covered once. Without TEST_FILE_DATABASE (a plain
// `npm test`), the embedded one.
const server = fileDatabaseServer();
const newDatabase = (): Promise<Database> => (server ? newDatabaseOn(server) : startEmbeddedDatabase(undefined));

describe(`migrations on a new database (${fileDatabaseKind()})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await newDatabase();
  }, 30_000);
  afterAll(() => database?.stop());

  it("are applied once when two replicas start together, and not again later", async () => {
    const [first, second] = await Promise.all([
      migrate(database.url, { dir: MIGRATIONS }),
      migrate(database.url, { dir: MIGRATIONS }),
    ]);
    const all = [...first, ...second];
    expect(all.length).toBeGreaterThan(0);
    expect(new Set(all).size).toBe(all.length);
    expect(await migrate(database.url, { dir: MIGRATIONS })).toEqual([]);

    const client = new pg.Client(database.url);
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>("SELECT name FROM pgmigrations ORDER BY id");
      expect(rows.map((row) => row.name)).toEqual(all.sort());
      const { rows: tables } = await client.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name = 'sessions'",
      );
      expect(tables).toHaveLength(1);
    } finally {
      await client.end();
    }
  }, 30_000);
});
