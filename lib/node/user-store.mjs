// @ts-check
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { USERNAME_PATTERN } from "../shared/username.mjs";
import { HASH_PATTERN, hashPassword } from "./password.mjs";

/** @typedef {"viewer" | "admin"} Role */
/** @typedef {"person" | "service"} AccountKind */
/** @typedef {{ username: string, role: Role, passwordHash: string }} StoredUser */
/** @typedef {{ rows: any[], rowCount: number | null }} QueryResult */
/** @typedef {{ query: (text: string, values?: unknown[]) => Promise<QueryResult> }} Queryable */

export const ROLES = /** @type {const} */ (["viewer", "admin"]);

// Saving a user gives it a new credential version and ends its sessions, on every replica at once. A service
// account's name is taken: saving a person under it changes nothing.
const SAVE = `
  WITH saved AS (
    INSERT INTO users (username, role, password_hash, credential_version) VALUES ($1, $2, $3, $4)
    ON CONFLICT (username) DO UPDATE SET role = excluded.role, password_hash = excluded.password_hash,
      credential_version = excluded.credential_version, updated_at = now()
    WHERE users.kind = 'person'
    RETURNING (xmax = 0) AS inserted
  ), ended AS (DELETE FROM sessions WHERE username = $1 AND EXISTS (SELECT FROM saved))
  SELECT inserted FROM saved`;

/**
 * @param {Queryable} db @param {string} username @param {Role} role @param {string} password
 * @returns {Promise<"added" | "updated" | "taken">} taken: the name is a service account's
 */
export async function upsertUser(db, username, role, password) {
  return saveUser(db, { username, role, passwordHash: await hashPassword(password) });
}

/**
 * A user whose password is already hashed (an imported users file, the tests' fixture accounts).
 * @param {Queryable} db @param {StoredUser} user @returns {Promise<"added" | "updated" | "taken">}
 */
export async function saveUser(db, { username, role, passwordHash }) {
  const { rows } = await db.query(SAVE, [username, role, passwordHash, randomUUID()]);
  if (rows.length === 0) return "taken";
  return rows[0]?.inserted ? "added" : "updated";
}

/**
 * An account for scripts: no password, so it can never sign in to the pages.
 * @param {Queryable} db @param {string} username @param {Role} role @param {string} createdBy
 * @returns {Promise<"added" | "taken">} taken: a person or another service account has the name
 */
export async function addServiceAccount(db, username, role, createdBy) {
  const { rowCount } = await db.query(
    `INSERT INTO users (username, role, kind, credential_version, created_by) VALUES ($1, $2, 'service', $3, $4)
     ON CONFLICT DO NOTHING`,
    [username, role, randomUUID(), createdBy],
  );
  return rowCount === 1 ? "added" : "taken";
}

/** @param {Queryable} db @param {string} password @returns {Promise<boolean>} whether it was made here */
export async function addFirstAdmin(db, password) {
  const { rowCount } = await db.query(
    `INSERT INTO users (username, role, password_hash, credential_version) VALUES ('admin', 'admin', $1, $2)
     ON CONFLICT DO NOTHING`,
    [await hashPassword(password), randomUUID()],
  );
  return rowCount === 1;
}

// A removed account's private views go with it; its shared views stay, others use them (decision 037).
const REMOVE = `
  WITH removed AS (DELETE FROM users WHERE username = $1 RETURNING username),
    views AS (DELETE FROM saved_views WHERE NOT shared AND owner IN (SELECT username FROM removed))
  SELECT count(*)::int AS removed FROM removed`;

/** @param {Queryable} db @param {string} username @returns {Promise<boolean>} whether there was such a user */
export async function removeUser(db, username) {
  const { rows } = await db.query(REMOVE, [username]);
  return (rows[0]?.removed ?? 0) > 0;
}

/** @param {Queryable} db @returns {Promise<{ username: string, role: Role, kind: AccountKind }[]>} */
export async function listUsers(db) {
  const { rows } = await db.query("SELECT username, role, kind FROM users ORDER BY username");
  return rows;
}

/** @param {Queryable} db @param {string} file a users file from before the database; hashes are kept as they are
 * @returns {Promise<{ added: number, updated: number, skipped: string[] }>} */
export async function importUsersFile(db, file) {
  const data = JSON.parse(await readFile(file, "utf8"));
  if (!Array.isArray(data?.users)) throw new Error(`${file} is not a users file: it has no "users" list`);
  const counts = { added: 0, updated: 0, skipped: /** @type {string[]} */ ([]) };
  for (const [index, user] of data.users.entries()) {
    const valid =
      typeof user?.username === "string" &&
      USERNAME_PATTERN.test(user.username) &&
      ROLES.includes(user.role) &&
      typeof user.passwordHash === "string" &&
      HASH_PATTERN.test(user.passwordHash);
    const outcome = valid ? await saveUser(db, user) : "invalid";
    if (outcome === "added" || outcome === "updated") counts[outcome]++;
    // Named by position when there is no name: the entry may hold a password hash, which is never printed. A name
    // that is a service account's is skipped too.
    else counts.skipped.push(typeof user?.username === "string" ? user.username : `entry ${index + 1}`);
  }
  return counts;
}
