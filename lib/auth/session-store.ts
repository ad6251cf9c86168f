import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import { getConfig } from "@/lib/config/config";

export type SessionRecord = { username: string; credentialVersion: string; createdAt: number; lastSeenAt: number };

// On globalThis: Next may load this module once per route bundle, and every route must see the same sessions.
const STORE_KEY = Symbol.for("categories-admin.sessions");
const globalStore = globalThis as typeof globalThis & { [STORE_KEY]?: Map<string, SessionRecord> };
const sessions = (globalStore[STORE_KEY] ??= new Map<string, SessionRecord>());

/** The store never holds a usable token: only an HMAC of it under SESSION_SECRET. */
function storeKey(token: string): string {
  return createHmac("sha256", getConfig().sessionSecret).update(token).digest("base64url");
}

function expired(record: SessionRecord, now: number): boolean {
  const { sessionIdleMs, sessionAbsoluteMs } = getConfig();
  return now - record.lastSeenAt > sessionIdleMs || now - record.createdAt > sessionAbsoluteMs;
}

/** A new session with a fresh 256-bit token, made only at sign-in. */
export function createSession(username: string, credentialVersion: string): string {
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  sessions.set(storeKey(token), { username, credentialVersion, createdAt: now, lastSeenAt: now });
  if (sessions.size % 256 === 0) pruneExpired(now);
  return token;
}

/** The live session for a token, its idle clock restarted; undefined when unknown, revoked or expired. */
export function readSession(token: string): SessionRecord | undefined {
  const key = storeKey(token);
  const record = sessions.get(key);
  const now = Date.now();
  if (!record) return undefined;
  if (expired(record, now)) {
    sessions.delete(key);
    return undefined;
  }
  record.lastSeenAt = now;
  return record;
}

export function revokeSession(token: string): void {
  sessions.delete(storeKey(token));
}

function pruneExpired(now: number): void {
  for (const [key, record] of sessions) if (expired(record, now)) sessions.delete(key);
}
