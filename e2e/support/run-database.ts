import { startEmbeddedDatabase } from "../../lib/node/embedded-database.mjs";
import { seedUsers } from "../../scripts/lib/seed-users.mjs";
import { newDatabaseOn } from "../../tests/support/test-database";
import { ACCOUNTS, type Account, PAGER_ACCOUNT, type Role } from "./constants";

/**
 * A new database that knows the run's accounts: on the PostgreSQL server TEST_POSTGRES_URL names (CI starts one), else
 * the embedded one, in memory. Instances on one database share its import jobs, and a job must be sent to the
 * catalogue whose list it was previewed against: an instance whose catalogue differs needs a database of its own.
 */
export async function newRunDatabase(): Promise<{ url: string; stop: () => Promise<void> }> {
  const database = process.env.TEST_POSTGRES_URL
    ? await newDatabaseOn(process.env.TEST_POSTGRES_URL)
    : await startEmbeddedDatabase(undefined);
  try {
    await seedUsers(database.url, [
      ...(Object.entries(ACCOUNTS) as [Role, Account][]).map(([role, account]) => ({ ...account, role })),
      { ...PAGER_ACCOUNT, role: "viewer" as const },
    ]);
  } catch (error) {
    await database.stop();
    throw error;
  }
  return database;
}
