import "server-only";
import { query, storableText } from "@/lib/db/database";
import { withHashSlot } from "./hash-slots";
import { verifyPassword } from "./password.mjs";
import type { Role, SessionUser } from "./roles";

export type Account = SessionUser & { credentialVersion: string };

type Row = { username: string; role: Role; password_hash: string; credential_version: string };

// The hash of a random password that was thrown away: checking against it costs what a real check costs.
const UNKNOWN_USER_HASH = "$scrypt$ln=17,r=8,p=1$OdzVxJTQjsShxesjKuIteQ==$3l+Hknb25JJS0voQzGgEQGCriP4kCUKeN3Nz3etwSxw=";

/**
 * The account when the password is right. An unknown username costs the same scrypt work, and waits for the same
 * slot, as a known one, so timing does not tell which usernames exist. Throws 503 `busy` when no slot frees soon.
 */
export async function verifyCredentials(username: string, password: string): Promise<Account | undefined> {
  const { rows } = await query<Row>("SELECT username, role, password_hash, credential_version FROM users WHERE username = $1", [storableText(username)]);
  const row = rows[0];
  const valid = await withHashSlot(() => verifyPassword(password, row?.password_hash ?? UNKNOWN_USER_HASH));
  return row && valid ? { username: row.username, role: row.role, credentialVersion: row.credential_version } : undefined;
}
