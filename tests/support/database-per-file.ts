import { readFile } from "node:fs/promises";
import { afterAll } from "vitest";
import { EMBEDDED_POOL_MAX, startEmbeddedDatabase } from "../../lib/node/embedded-database.mjs";
import { fileDatabaseServer, newDatabaseOn } from "./test-database";

// Each test file's own database, a copy of the migrated template (database-setup.ts): on the PostgreSQL server, or
// embedded and served from this worker. The app modules and every app a test starts read DATABASE_URL.
const template = process.env.TEST_DATABASE_TEMPLATE ?? "";
const server = fileDatabaseServer();
const database = server
  ? await newDatabaseOn(server, template)
  : await startEmbeddedDatabase(undefined, { loadDataDir: new Blob([await readFile(template)]) });
process.env.DATABASE_URL = database.url;
// As `npm start` runs the app on its embedded database: one connection, since two connections' statements can
// interleave there (electric-sql/pglite#1046). A test that sets its own pool size keeps it.
if (!server) process.env.DATABASE_POOL_MAX ??= EMBEDDED_POOL_MAX;
afterAll(() => database.stop());
