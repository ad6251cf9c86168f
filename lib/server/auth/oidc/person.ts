import "server-only";
import type { Role } from "../roles";

export type Claims = Record<string, unknown>;
export type RoleValues = { adminValues: readonly string[]; viewerValues: readonly string[] };

/**
 * A claim by its exact name first (Auth0-style names are URLs, dots included), else as a dotted path into nested
 * objects (Keycloak's realm_access.roles).
 */
export function claimValue(claims: Claims, name: string): unknown {
  if (Object.hasOwn(claims, name)) return claims[name];
  let value: unknown = claims;
  for (const step of name.split(".")) {
    if (typeof value !== "object" || value === null || !Object.hasOwn(value, step)) return undefined;
    value = (value as Claims)[step];
  }
  return value;
}

/** A string is one value, an array several; when both an admin and a viewer value match, admin wins. */
export function roleFor(value: unknown, { adminValues, viewerValues }: RoleValues): Role | undefined {
  const values =
    typeof value === "string" ? [value] : Array.isArray(value) ? value.filter((item) => typeof item === "string") : [];
  if (values.some((item) => adminValues.includes(item))) return "admin";
  if (values.some((item) => viewerValues.includes(item))) return "viewer";
  return undefined;
}

// Names are shown in the header and kept in the session row: an overlong name from a provider must not go there whole.
const MAX_NAME_CHARS = 200;
const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, MAX_NAME_CHARS) : undefined;

export type Person = { sub: string; username: string; displayName: string; role?: Role };

/** Whether the ID token lacks what the app needs, so the userinfo endpoint must be asked. */
export function needsUserinfo(idToken: Claims, rolesClaim: string): boolean {
  return (
    claimValue(idToken, rolesClaim) === undefined ||
    !(text(idToken.name) ?? text(idToken.preferred_username) ?? text(idToken.email))
  );
}

/** The ID token's claims win over userinfo's: they are the signed ones. */
export function personFrom(
  idToken: Claims & { sub: string },
  userinfo: Claims | undefined,
  settings: RoleValues & { rolesClaim: string },
): Person {
  const claims: Claims = { ...userinfo, ...idToken };
  const roles = claimValue(idToken, settings.rolesClaim) ?? (userinfo && claimValue(userinfo, settings.rolesClaim));
  const username = text(claims.preferred_username) ?? text(claims.email) ?? idToken.sub;
  return { sub: idToken.sub, username, displayName: text(claims.name) ?? username, role: roleFor(roles, settings) };
}
