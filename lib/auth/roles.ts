import type { Role } from "./user-store.mjs";

export type { Role };
export type SessionUser = { username: string; role: Role };

/** Admins do everything viewers do, and also create categories. */
export function hasRole(user: SessionUser, needed: Role): boolean {
  return needed === "viewer" || user.role === "admin";
}
