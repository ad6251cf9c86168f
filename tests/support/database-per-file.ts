import { readFile } from "node:fs/promises";
import { afterAll } from "vitest";
import { startEmbeddedDatabase } from "../../lib/node/embedded-database.mjs";

// Each test file's own embedded database, a copy of the migrated template (database-setup.ts), served from this
// worker; the app modules and every app a test starts read DATABASE_URL.
const template = new Blob([await readFile(process.env.TEST_DATABASE_TEMPLATE ?? "")]);
const database = await startEmbeddedDatabase(undefined, { loadDataDir: template });
process.env.DATABASE_URL = database.url;
afterAll(() => database.stop());
