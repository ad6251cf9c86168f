import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { startEmbeddedDatabase } from "../../lib/node/embedded-database.mjs";
import { MIN_COST_LOG2, hashPassword } from "../../lib/node/password.mjs";
import { type Queryable, saveUser } from "../../lib/node/user-store.mjs";
import { withDatabaseClient } from "../../scripts/lib/database-client.mjs";
import { newDatabaseOn } from "../../tests/support/test-database";
import { ACCOUNTS, type Account, ENV, PAGER_ACCOUNT, type Role } from "./constants";

/**
 * Saves accounts hashed at the lowest cost the app accepts, as the Vitest fixtures do: a hash at the app's own cost
 * takes about 0.4 s of CPU, and the run signs in about forty times. The tests of the hashing itself are Vitest's.
 */
export async function addRunAccounts(db: Queryable, accounts: readonly (Account & { role: Role })[]): Promise<void> {
  await Promise.all(
    accounts.map(async ({ username, password, role }) =>
      saveUser(db, { username, role, passwordHash: await hashPassword(password, MIN_COST_LOG2) }),
    ),
  );
}

// The template's schema is brought up to date first; its copies have it.
const addRunAccountsTo = (databaseUrl: string) =>
  withDatabaseClient(databaseUrl, (db) =>
    addRunAccounts(db, [
      ...(Object.entries(ACCOUNTS) as [Role, Account][]).map(([role, account]) => ({ ...account, role })),
      { ...PAGER_ACCOUNT, role: "viewer" as const },
    ]),
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
