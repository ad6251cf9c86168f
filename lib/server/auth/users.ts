import "server-only";
import { query, storableText } from "@/lib/server/db/database";
import { withHashSlot } from "./hash-slots";
import { verifyPassword } from "@/lib/node/password.mjs";
import type { Role } from "./roles";

export type Account = { username: string; role: Role; credentialVersion: string };

type Row = { username: string; role: Role; password_hash: string; credential_version: string };

// Of a discarded random password: an unknown username costs the same scrypt and slot wait, so timing hides who exists.
const UNKNOWN_USER_HASH = "$scrypt$ln=17,r=8,p=1$OdzVxJTQjsShxesjKuIteQ==$3l+Hknb25JJS0voQzGgEQGCriP4kCUKeN3Nz3etwSxw=";

export async function verifyCredentials(username: string, password: string): Promise<Account | undefined> {
  const { rows } = await query<Row>(
    // A service account has no password: it is looked up as an unknown name, at the same cost.
    "SELECT username, role, password_hash, credential_version FROM users WHERE username = $1 AND kind = 'person'",
    [storableText(username)],
  );
  const row = rows[0];
  const valid = await withHashSlot(() => verifyPassword(password, row?.password_hash ?? UNKNOWN_USER_HASH));
  return row && valid
    ? { username: row.username, role: row.role, credentialVersion: row.credential_version }
    : undefined;
}
