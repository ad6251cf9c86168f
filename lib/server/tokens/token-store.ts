import "server-only";
import { randomUUID } from "node:crypto";
import { type Db, query, storableText } from "@/lib/server/db/database";
import { isUuid } from "@/lib/server/db/is-uuid";
import { isoTime } from "@/lib/server/db/iso-time";
import type { Role } from "@/lib/server/auth/roles";
import type { ApiToken } from "@/lib/shared/service-account-schemas";
import type { CatalogueEnvironment } from "@/lib/shared/environment";
import { type NewSecret, secretDigest } from "./token-secret";

const COLUMNS = `t.id, t.name, t.account, t.environments, ${isoTime("t.created_at")} AS "createdAt",
  t.created_by AS "createdBy", ${isoTime("t.expires_at")} AS "expiresAt", ${isoTime("t.last_used_at")} AS "lastUsedAt",
  t.hint`;

export type NewTokenRow = {
  account: string;
  name: string;
  environments: readonly CatalogueEnvironment[] | null;
  /** From its creation: the database's clock gives both times. */
  expiresInDays: number;
  createdBy: string;
};

/** The token, or undefined when `account` is not a service account (a person, or no one). */
export async function insertToken(db: Db, token: NewTokenRow, secret: NewSecret): Promise<ApiToken | undefined> {
  const { rows } = await db.query<ApiToken>(
    `INSERT INTO api_tokens AS t (id, account, name, environments, secret_sha256, hint, created_by, expires_at)
     SELECT $1, username, $3, $4, $5, $6, $7, now() + $8::double precision * interval '1 day'
     FROM users WHERE username = $2 AND kind = 'service'
     RETURNING ${COLUMNS}`,
    [
      randomUUID(),
      token.account,
      storableText(token.name),
      token.environments,
      secret.digest,
      secret.hint,
      token.createdBy,
      token.expiresInDays,
    ],
  );
  return rows[0];
}

/** Every token, or one account's, newest first; expired ones too, until they are revoked. */
export async function listTokens(account?: string): Promise<ApiToken[]> {
  const { rows } = await query<ApiToken>(
    `SELECT ${COLUMNS} FROM api_tokens t WHERE $1::text IS NULL OR t.account = $1 ORDER BY t.created_at DESC, t.id`,
    [account ?? null],
  );
  return rows;
}

/** The revoked token, or undefined when there is none with this id. */
export async function deleteToken(db: Db, id: string): Promise<ApiToken | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await db.query<ApiToken>(`DELETE FROM api_tokens t WHERE t.id = $1 RETURNING ${COLUMNS}`, [id]);
  return rows[0];
}

export type TokenHolder = {
  id: string;
  name: string;
  account: string;
  role: Role;
  environments: CatalogueEnvironment[] | null;
};

// Last used is written at most once a minute, so a script's every request costs a read, not a write.
const FIND = `
  WITH found AS (
    SELECT t.id, t.name, t.account, u.role, t.environments, t.last_used_at
    FROM api_tokens t JOIN users u ON u.username = t.account AND u.kind = 'service'
    WHERE t.secret_sha256 = $1 AND t.expires_at > now()
  ), touched AS (
    UPDATE api_tokens SET last_used_at = now() FROM found
    WHERE api_tokens.id = found.id AND (found.last_used_at IS NULL OR found.last_used_at <= now() - interval '1 minute')
  )
  SELECT id, name, account, role, environments FROM found`;

/** The live token with this secret, with its account's role now; undefined for any other secret. */
export async function findToken(secret: string): Promise<TokenHolder | undefined> {
  const { rows } = await query<TokenHolder>(FIND, [secretDigest(secret)]);
  return rows[0];
}
