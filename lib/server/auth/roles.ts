import "server-only";
import type { Role } from "./user-store.mjs";

export type { Role };
export type SessionUser = { username: string; role: Role };

export function hasRole(user: SessionUser, needed: Role): boolean {
  return needed === "viewer" || user.role === "admin";
}
