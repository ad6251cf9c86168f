// @ts-check
// Accounts for a database a script has just started: its schema brought up to date, then each user saved.
import { upsertUser } from "../../lib/node/user-store.mjs";
import { withDatabaseClient } from "./database-client.mjs";

/**
 * @param {string} databaseUrl
 * @param {readonly { username: string, role: import("../../lib/node/user-store.mjs").Role, password: string }[]} users
 */
export async function seedUsers(databaseUrl, users) {
  // Concurrently: each scrypt hash is slow and takes a lot of memory.
  await withDatabaseClient(databaseUrl, (db) =>
    Promise.all(users.map((user) => upsertUser(db, user.username, user.role, user.password))),
  );
}
