import "server-only";
import { createHash, randomBytes } from "node:crypto";

/**
 * `cat_` and 43 base64url characters (32 random bytes): a prefix secret scanners can look for (docs/automation.md gives
 * the pattern), and enough randomness that a plain SHA-256 of it is as good as a slow hash.
 */
export const TOKEN_PATTERN = /^cat_[A-Za-z0-9_-]{43}$/;

export type NewSecret = { secret: string; digest: Buffer; hint: string };

export function newTokenSecret(): NewSecret {
  const secret = `cat_${randomBytes(32).toString("base64url")}`;
  return { secret, digest: secretDigest(secret), hint: secret.slice(-4) };
}

/** What the table keeps of a secret. */
export function secretDigest(secret: string): Buffer {
  return createHash("sha256").update(secret).digest();
}
