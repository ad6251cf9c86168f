// @ts-check
// Accounts for a database a script has just started: its schema brought up to date, then each user saved.
import { fileURLToPath } from "node:url";
import pg from "pg";
import { upsertUser } from "../../lib/auth/user-store.mjs";
import { migrate } from "../../lib/db/migrate.mjs";

const MIGRATIONS = fileURLToPath(new URL("../../migrations", import.meta.url));

/**
 * @param {string} databaseUrl
 * @param {readonly { username: string, role: import("../../lib/auth/user-store.mjs").Role, password: string }[]} users
 */
export async function seedUsers(databaseUrl, users) {
  await migrate(databaseUrl, { dir: MIGRATIONS });
  const db = new pg.Client(databaseUrl);
  await db.connect();
  try {
    // Side by side: each is a 128 MiB scrypt hash of about 300 ms.
    await Promise.all(users.map((user) => upsertUser(db, user.username, user.role, user.password)));
  } finally {
    await db.end();
  }
}
