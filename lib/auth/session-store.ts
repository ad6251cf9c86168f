import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import { getConfig } from "@/lib/config/config";
import { query } from "@/lib/db/database";

export type SessionRecord = { username: string; credentialVersion: string };

// The last-seen time is written at most this often: a read per request, not a write. Idle expiry is therefore
// exact to within this much.
const TOUCH_EVERY_MS = 60_000;

/** The table never holds a usable token: only an HMAC of it under SESSION_SECRET. */
function sessionId(token: string): string {
  return createHmac("sha256", getConfig().sessionSecret).update(token).digest("base64url");
}

/** A new session with a fresh 256-bit token, made only at sign-in; expired sessions are swept at the same time. */
export async function createSession(username: string, credentialVersion: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  const { sessionIdleMs, sessionAbsoluteMs } = getConfig();
  await query("DELETE FROM sessions WHERE idle_expires_at <= $1 OR absolute_expires_at <= $1", [now]);
  await query(
    `INSERT INTO sessions (id, username, credential_version, created_at, last_seen_at, idle_expires_at, absolute_expires_at)
     VALUES ($1, $2, $3, $4, $4, $5, $6)`,
    [sessionId(token), username, credentialVersion, now, new Date(+now + sessionIdleMs), new Date(+now + sessionAbsoluteMs)],
  );
  return token;
}

type Row = { username: string; credential_version: string; last_seen_at: Date };

/** The live session for a token, its idle clock restarted; undefined when unknown, revoked or expired. */
export async function readSession(token: string): Promise<SessionRecord | undefined> {
  const id = sessionId(token);
  const now = new Date();
  const { rows } = await query<Row>(
    "SELECT username, credential_version, last_seen_at FROM sessions WHERE id = $1 AND idle_expires_at > $2 AND absolute_expires_at > $2",
    [id, now],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (+now - +row.last_seen_at >= TOUCH_EVERY_MS) {
    await query("UPDATE sessions SET last_seen_at = $2, idle_expires_at = $3 WHERE id = $1", [id, now, new Date(+now + getConfig().sessionIdleMs)]);
  }
  return { username: row.username, credentialVersion: row.credential_version };
}

export async function revokeSession(token: string): Promise<void> {
  await query("DELETE FROM sessions WHERE id = $1", [sessionId(token)]);
}
