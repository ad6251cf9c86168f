import "server-only";
import { createHash } from "node:crypto";
import { query } from "@/lib/server/db/database";

/**
 * Records a logout token's jti; false when any replica has seen it already. Hashed with the issuer, so a jti of any
 * length fits the key. Kept until keepUntil, after which the token's iat is too old to be accepted anyway.
 */
export async function firstUseOfLogoutToken(issuer: string, jti: string, keepUntil: Date): Promise<boolean> {
  await query("DELETE FROM logout_token_ids WHERE expires_at <= now()");
  const id = createHash("sha256").update(`${issuer}\n${jti}`).digest("base64url");
  const { rowCount } = await query(
    "INSERT INTO logout_token_ids (id, expires_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING",
    [id, keepUntil],
  );
  return rowCount === 1;
}
