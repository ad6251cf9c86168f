import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import { getConfig } from "@/lib/server/config/config";
import { query } from "@/lib/server/db/database";
import type { Role, SessionUser } from "./roles";
import type { Account } from "./users";

// Last-seen is written at most this often, so a request costs a read, not a write; idle expiry is exact to within it.
const TOUCH_EVERY_MS = 60_000;

/** The table never holds a usable token: only an HMAC of it under SESSION_SECRET. */
function sessionId(token: string): string {
  return createHmac("sha256", getConfig().sessionSecret).update(token).digest("base64url");
}

export async function createSession(account: Account): Promise<string | undefined> {
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  const { sessionIdleMs, sessionAbsoluteMs } = getConfig();
  await query("DELETE FROM sessions WHERE idle_expires_at <= $1 OR absolute_expires_at <= $1", [now]);
  const inserted = query(
    `INSERT INTO sessions (id, username, credential_version, created_at, last_seen_at, idle_expires_at, absolute_expires_at)
     SELECT $1, username, credential_version, $4, $4, $5, $6 FROM users WHERE username = $2 AND credential_version = $3`,
    [sessionId(token), account.username, account.credentialVersion, now, new Date(+now + sessionIdleMs), new Date(+now + sessionAbsoluteMs)],
  );
  // 23503: the account was removed after its password was checked, so no session, as when it changed.
  const { rowCount } = await inserted.catch((error: unknown) => {
    if ((error as { code?: string }).code === "23503") return { rowCount: 0 };
    throw error;
  });
  return rowCount === 1 ? token : undefined;
}

type Row = { username: string; role: Role; last_seen_at: Date };

export async function readSession(token: string): Promise<SessionUser | undefined> {
  const id = sessionId(token);
  const now = new Date();
  const { rows } = await query<Row>(
    `SELECT s.username, u.role, s.last_seen_at FROM sessions s JOIN users u USING (username, credential_version)
     WHERE s.id = $1 AND s.idle_expires_at > $2 AND s.absolute_expires_at > $2`,
    [id, now],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (+now - +row.last_seen_at >= TOUCH_EVERY_MS) {
    await query("UPDATE sessions SET last_seen_at = $2, idle_expires_at = $3 WHERE id = $1", [id, now, new Date(+now + getConfig().sessionIdleMs)]);
  }
  return { username: row.username, role: row.role };
}

export async function revokeSession(token: string): Promise<void> {
  await query("DELETE FROM sessions WHERE id = $1", [sessionId(token)]);
}
