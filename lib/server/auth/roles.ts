import "server-only";
import type { Role } from "@/lib/node/user-store.mjs";

import type { SessionUser } from "@/lib/shared/session-user";

export type { Role };
export type { AuthMethod, SessionUser } from "@/lib/shared/session-user";

export function hasRole(user: SessionUser, needed: Role): boolean {
  return needed === "viewer" || user.role === "admin";
}
