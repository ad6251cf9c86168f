// @ts-check
// scrypt with OWASP's recommended parameters.
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

const MIN_PASSWORD_LENGTH = 12;
const MAX_PASSWORD_LENGTH = 1024;
const COST_LOG2 = 17;
const BLOCK_SIZE = 8;
const KEY_LENGTH = 32;

/** @param {string} password @param {Buffer} salt @param {number} costLog2 @returns {Promise<Buffer>} */
function derive(password, salt, costLog2) {
  const options = { N: 2 ** costLog2, r: BLOCK_SIZE, p: 1, maxmem: 2 * 128 * BLOCK_SIZE * 2 ** costLog2 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFC"), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** @param {string} password @returns {string | undefined} why the password cannot be used */
export function passwordProblem(password) {
  if (password.length < MIN_PASSWORD_LENGTH) return `the password must have at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `the password must have at most ${MAX_PASSWORD_LENGTH} characters`;
  return undefined;
}

/** The lowest cost verifyPassword accepts; the tests' fixture accounts use it, so their many sign-ins cost less. */
export const MIN_COST_LOG2 = 14;

/**
 * @param {string} password @param {number} [costLog2] the app's cost unless a test says otherwise
 * @returns {Promise<string>} `$scrypt$ln=17,r=8,p=1$<salt>$<hash>`
 */
export async function hashPassword(password, costLog2 = COST_LOG2) {
  const salt = randomBytes(16);
  const key = await derive(password, salt, costLog2);
  return `$scrypt$ln=${costLog2},r=${BLOCK_SIZE},p=1$${salt.toString("base64")}$${key.toString("base64")}`;
}

export const HASH_PATTERN = /^\$scrypt\$ln=(\d+),r=8,p=1\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

/** @param {string} password @param {string} encoded @returns {Promise<boolean>} */
export async function verifyPassword(password, encoded) {
  const match = HASH_PATTERN.exec(encoded);
  const costLog2 = Number(match?.[1]);
  if (!match || costLog2 < MIN_COST_LOG2 || costLog2 > 20 || password.length > MAX_PASSWORD_LENGTH) return false;
  const expected = Buffer.from(match[3] ?? "", "base64");
  const actual = await derive(password, Buffer.from(match[2] ?? "", "base64"), costLog2);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
