// @ts-check
// The users file, shared by the server and `npm run users`: who may sign in, their role,
// and an scrypt hash of their password (OWASP's parameters, a salt per user).
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { readJsonFile, withFileLock, writeFileAtomically } from "../files/json-file.mjs";

/** @typedef {"viewer" | "admin"} Role */
/** @typedef {{ username: string, role: Role, passwordHash: string }} StoredUser */

export const ROLES = /** @type {const} */ (["viewer", "admin"]);
export const USERNAME_PATTERN = /^[\p{L}\p{N}._@-]{1,64}$/u;
export const MIN_PASSWORD_LENGTH = 12;
const MAX_PASSWORD_LENGTH = 1024;
const COST_LOG2 = 17;
const BLOCK_SIZE = 8;
const KEY_LENGTH = 32;

/** @param {string} password @param {Buffer} salt @param {number} costLog2 @returns {Promise<Buffer>} */
function derive(password, salt, costLog2) {
  const options = { N: 2 ** costLog2, r: BLOCK_SIZE, p: 1, maxmem: 2 * 128 * BLOCK_SIZE * 2 ** costLog2 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFC"), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** @param {string} password @returns {string | undefined} why the password cannot be used */
export function passwordProblem(password) {
  if (password.length < MIN_PASSWORD_LENGTH) return `the password must have at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `the password must have at most ${MAX_PASSWORD_LENGTH} characters`;
  return undefined;
}

/** @param {string} password @returns {Promise<string>} `$scrypt$ln=17,r=8,p=1$<salt>$<hash>` */
export async function hashPassword(password) {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST_LOG2);
  return `$scrypt$ln=${COST_LOG2},r=${BLOCK_SIZE},p=1$${salt.toString("base64")}$${key.toString("base64")}`;
}

/** @param {string} password @param {string} encoded @returns {Promise<boolean>} */
export async function verifyPassword(password, encoded) {
  const match = /^\$scrypt\$ln=(\d+),r=8,p=1\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(encoded);
  const costLog2 = Number(match?.[1]);
  if (!match || costLog2 < 14 || costLog2 > 20 || password.length > MAX_PASSWORD_LENGTH) return false;
  const expected = Buffer.from(match[3] ?? "", "base64");
  const actual = await derive(password, Buffer.from(match[2] ?? "", "base64"), costLog2);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** @param {string} file @returns {Promise<StoredUser[]>} an empty list when the file does not exist */
export async function readUsers(file) {
  const data = await readJsonFile(file);
  if (data === undefined) return [];
  if (!Array.isArray(data?.users)) throw new Error(`${file} is not a users file`);
  return data.users.filter(
    (/** @type {StoredUser} */ u) =>
      typeof u?.username === "string" && ROLES.includes(u.role) && typeof u.passwordHash === "string",
  );
}

/** Atomic and private: readable by its owner only. */
/** @param {string} file @param {readonly StoredUser[]} users */
export async function writeUsers(file, users) {
  await writeFileAtomically(file, `${JSON.stringify({ users }, null, 2)}\n`, 0o600);
}

/** Adds a user, or replaces the password and role of an existing one. */
/** @param {string} file @param {string} username @param {Role} role @param {string} password */
export async function upsertUser(file, username, role, password) {
  const passwordHash = await hashPassword(password);
  await withFileLock(file, async () => {
    const users = (await readUsers(file)).filter((u) => u.username !== username);
    await writeUsers(file, [...users, { username, role, passwordHash }]);
  });
}

/** @param {string} file @param {string} username @returns {Promise<boolean>} whether there was such a user */
export async function removeUser(file, username) {
  return withFileLock(file, async () => {
    const users = await readUsers(file);
    const kept = users.filter((u) => u.username !== username);
    if (kept.length === users.length) return false;
    await writeUsers(file, kept);
    return true;
  });
}
