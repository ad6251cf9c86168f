import "server-only";
import type { Role } from "@/lib/node/user-store.mjs";

export type { Role };
export type AuthMethod = "local" | "sso";
/**
 * username: the account (local) or the provider's preferred_username, else email, else sub (SSO); the name that logs
 * and the audit trail show.
 */
export type SessionUser = { username: string; role: Role; method: AuthMethod; displayName: string };

export function hasRole(user: SessionUser, needed: Role): boolean {
  return needed === "viewer" || user.role === "admin";
}
