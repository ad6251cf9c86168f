import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import { getConfig } from "@/lib/server/config/config";
import { query, storableText } from "@/lib/server/db/database";
import type { Person } from "./oidc/person";
import type { AuthMethod, Role, SessionUser } from "./roles";
import { openText, sealText } from "./sealed-text";
import type { Account } from "./users";

// Last-seen is written at most this often, so a request costs a read, not a write; idle expiry is exact to within it.
const TOUCH_EVERY_MS = 60_000;

/** The table never holds a usable token: only an HMAC of it under SESSION_SECRET. */
export function sessionId(token: string): string {
  return createHmac("sha256", getConfig().sessionSecret).update(token).digest("base64url");
}

async function insertSession(sql: string, values: unknown[]): Promise<string | undefined> {
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  const { sessionIdleMs, sessionAbsoluteMs } = getConfig();
  await query("DELETE FROM sessions WHERE idle_expires_at <= $1 OR absolute_expires_at <= $1", [now]);
  const inserted = query(sql, [
    sessionId(token),
    now,
    new Date(+now + sessionIdleMs),
    new Date(+now + sessionAbsoluteMs),
    ...values,
  ]);
  // 23503: the account was removed after its password was checked, so no session, as when it changed.
  const { rowCount } = await inserted.catch((error: unknown) => {
    if ((error as { code?: string }).code === "23503") return { rowCount: 0 };
    throw error;
  });
  return rowCount === 1 ? token : undefined;
}

export function createSession(account: Account): Promise<string | undefined> {
  return insertSession(
    `INSERT INTO sessions
       (id, created_at, last_seen_at, idle_expires_at, absolute_expires_at, username, credential_version)
     SELECT $1, $2, $2, $3, $4, username, credential_version FROM users
     WHERE username = $5 AND credential_version = $6`,
    [account.username, account.credentialVersion],
  );
}

export type ProviderSignIn = { person: Person & { role: Role }; sid?: string; idToken: string };

/** A person the identity provider signed in: no account here, so the row holds their role and names. */
export async function createSsoSession({ person, sid, idToken }: ProviderSignIn): Promise<string | undefined> {
  return insertSession(
    `INSERT INTO sessions (id, created_at, last_seen_at, idle_expires_at, absolute_expires_at, auth_method,
       sso_role, sso_username, sso_display_name, provider_sub, provider_sid, id_token_sealed)
     VALUES ($1, $2, $2, $3, $4, 'sso', $5, $6, $7, $8, $9, $10)`,
    [
      person.role,
      storableText(person.username),
      storableText(person.displayName),
      person.sub,
      sid ?? null,
      await sealText("oidc-id-token", idToken),
    ],
  );
}

type Row = { id: string; method: AuthMethod; username: string; role: Role; display_name: string; last_seen_at: Date };

// A local session counts only while its account has the credential version it was made under and local sign-in is on.
const READ = `
  SELECT s.id, s.auth_method AS method, coalesce(u.username, s.sso_username) AS username,
    coalesce(u.role, s.sso_role) AS role, coalesce(s.sso_display_name, u.username) AS display_name, s.last_seen_at
  FROM sessions s LEFT JOIN users u
    ON s.auth_method = 'local' AND u.username = s.username AND u.credential_version = s.credential_version
  WHERE s.id = ANY($1::text[]) AND s.idle_expires_at > $2 AND s.absolute_expires_at > $2
    AND (s.auth_method = 'sso' OR ($3 AND u.username IS NOT NULL))`;

export async function readSession(token: string): Promise<SessionUser | undefined> {
  const id = sessionId(token);
  const now = new Date();
  const { rows } = await query<Row>(READ, [[id], now, getConfig().localAccounts]);
  const row = rows[0];
  if (!row) return undefined;
  if (+now - +row.last_seen_at >= TOUCH_EVERY_MS) {
    await query("UPDATE sessions SET last_seen_at = $2, idle_expires_at = $3 WHERE id = $1", [
      id,
      now,
      new Date(+now + getConfig().sessionIdleMs),
    ]);
  }
  return { username: row.username, role: row.role, method: row.method, displayName: row.display_name };
}

/** Of the sessions `ids` (sessionId()), those still signed in, with their role now; for the open event streams. */
export async function signedInRoles(ids: readonly string[]): Promise<Map<string, Role>> {
  const { rows } = await query<Row>(READ, [ids, new Date(), getConfig().localAccounts]);
  return new Map(rows.map((row) => [row.id, row.role]));
}

export async function revokeSession(token: string): Promise<void> {
  await query("DELETE FROM sessions WHERE id = $1", [sessionId(token)]);
}

/** Ends the session and returns its ID token (for id_token_hint) when it has one. */
export async function endSession(token: string): Promise<{ idToken?: string }> {
  const { rows } = await query<{ id_token_sealed: string | null }>(
    "DELETE FROM sessions WHERE id = $1 RETURNING id_token_sealed",
    [sessionId(token)],
  );
  const sealed = rows[0]?.id_token_sealed;
  return { idToken: sealed ? await openText("oidc-id-token", sealed) : undefined };
}
