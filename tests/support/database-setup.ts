import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startEmbeddedDatabase } from "../../lib/node/embedded-database.mjs";
import { migrate } from "../../lib/node/migrate.mjs";
import { ensureBuild } from "../../scripts/ensure-build.mjs";
import { accountHashes } from "./auth-fixture";

const MIGRATIONS = fileURLToPath(new URL("../../migrations", import.meta.url));

/**
 * Vitest's global setup: an embedded PostgreSQL (PGlite) with the schema applied, saved once as a template from which
 * each test file starts a database of its own (database-per-file.ts), so files never see each other's rows.
 */
export default async function setup(): Promise<() => Promise<void>> {
  // The integration tests start the production build: a single file run must not test an older one.
  ensureBuild();
  const database = await startEmbeddedDatabase(undefined);
  await migrate(database.url, { dir: MIGRATIONS });
  const dir = await mkdtemp(join(tmpdir(), "test-database-"));
  const template = join(dir, "template.tar");
  await writeFile(template, Buffer.from(await (await database.dump()).arrayBuffer()));
  await database.stop();
  process.env.TEST_DATABASE_TEMPLATE = template;
  // About 35 files add the fixture accounts: their hashes are made here once, not twice in each.
  process.env.TEST_ACCOUNT_HASHES = JSON.stringify(await accountHashes());
  return () => rm(dir, { recursive: true, force: true });
}
