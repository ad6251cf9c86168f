import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { startEmbeddedDatabase } from "../../lib/node/embedded-database.mjs";
import { withDatabaseClient } from "../../scripts/lib/database-client.mjs";
import { addAccount } from "../../tests/support/auth-fixture";
import { newDatabaseOn } from "../../tests/support/test-database";
import { ACCOUNTS, type Account, ENV, PAGER_ACCOUNT, type Role } from "./constants";

// The template's schema is brought up to date first; its copies have it. The accounts are hashed at the lowest cost the
// app accepts, as Vitest's are (addAccount): at the app's own cost each sign-in of the run would take 0.4 s of CPU.
const addRunAccountsTo = (databaseUrl: string) =>
  withDatabaseClient(databaseUrl, (db) =>
    Promise.all(
      [
        ...(Object.entries(ACCOUNTS) as [Role, Account][]).map(([role, account]) => ({ ...account, role })),
        { ...PAGER_ACCOUNT, role: "viewer" as const },
      ].map((account) => addAccount(account, db)),
    ),
  );

/**
 * The global setup's template: the schema applied and the run's accounts saved, once; newRunDatabase copies it. On the
 * PostgreSQL server TEST_POSTGRES_URL names (CI starts one), else the embedded one, saved to a file in `dir`.
 */
export async function startRunTemplate(dir: string): Promise<() => Promise<void>> {
  const server = process.env.TEST_POSTGRES_URL;
  if (server) {
    const database = await newDatabaseOn(server);
    await addRunAccountsTo(database.url).catch(async (error: unknown) => {
      await database.stop();
      throw error;
    });
    process.env[ENV.databaseTemplate] = new URL(database.url).pathname.slice(1);
    return database.stop;
  }
  const database = await startEmbeddedDatabase(undefined);
  try {
    await addRunAccountsTo(database.url);
    const file = join(dir, "template.tar");
    await writeFile(file, Buffer.from(await (await database.dump()).arrayBuffer()));
    process.env[ENV.databaseTemplate] = file;
  } finally {
    await database.stop();
  }
  return async () => {};
}

/**
 * A new database that knows the run's accounts, a copy of the template. Instances on one database share its import
 * jobs, and a job must be sent to the catalogue whose list it was previewed against: an instance whose catalogue
 * differs needs a database of its own.
 */
export async function newRunDatabase(): Promise<{ url: string; stop: () => Promise<void> }> {
  const template = process.env[ENV.databaseTemplate];
  if (!template) throw new Error(`${ENV.databaseTemplate} is unset: the e2e global setup makes the template`);
  return process.env.TEST_POSTGRES_URL
    ? newDatabaseOn(process.env.TEST_POSTGRES_URL, template)
    : startEmbeddedDatabase(undefined, { loadDataDir: new Blob([await readFile(template)]) });
}
