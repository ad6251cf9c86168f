import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startEmbeddedDatabase } from "../../lib/node/embedded-database.mjs";
import { migrate } from "../../lib/node/migrate.mjs";
import { ensureBuild } from "../../scripts/ensure-build.mjs";
import { accountHashes } from "./auth-fixture";
import { fileDatabaseServer, newDatabaseOn } from "./test-database";

const MIGRATIONS = fileURLToPath(new URL("../../migrations", import.meta.url));

/**
 * Vitest's global setup: a database with the schema applied, kept as a template from which each test file starts a
 * database of its own (database-per-file.ts), so files never see each other's rows. The template is an embedded
 * PostgreSQL (PGlite) saved to a file, or, with TEST_FILE_DATABASE=postgres, a database on the server
 * TEST_POSTGRES_URL names: .ci/run's second pass runs every file on real PostgreSQL that way.
 */
export default async function setup(): Promise<() => Promise<void>> {
  // The integration tests start the production build: a single file run must not test an older one.
  ensureBuild();
  // About 35 files add the fixture accounts: their hashes are made here once, not twice in each.
  process.env.TEST_ACCOUNT_HASHES = JSON.stringify(await accountHashes());
  const server = fileDatabaseServer();
  if (server) {
    const template = await newDatabaseOn(server);
    await migrate(template.url, { dir: MIGRATIONS });
    process.env.TEST_DATABASE_TEMPLATE = new URL(template.url).pathname.slice(1);
    return template.stop;
  }
  const database = await startEmbeddedDatabase(undefined);
  await migrate(database.url, { dir: MIGRATIONS });
  const dir = await mkdtemp(join(tmpdir(), "test-database-"));
  const template = join(dir, "template.tar");
  await writeFile(template, Buffer.from(await (await database.dump()).arrayBuffer()));
  await database.stop();
  process.env.TEST_DATABASE_TEMPLATE = template;
  return () => rm(dir, { recursive: true, force: true });
}
