import type { Role } from "@/lib/node/user-store.mjs";

/** token: a service account's API token, on the API only (issue 46). */
export type AuthMethod = "local" | "sso" | "token";

/**
 * Who is signed in, as the server's session check gives it and the header shows it. username: the account (local) or
 * the provider's preferred_username, else email, else sub (SSO); the name that logs and the audit trail show.
 */
export type SessionUser = { username: string; role: Role; method: AuthMethod; displayName: string };
