import "server-only";
import { query } from "@/lib/server/db/database";

/**
 * Back-channel logout: by sid when the token has one (and then only with its sub, when it has that too), else every
 * session of that sub. In the shared table, so every replica sees it at once. Returns who was signed out.
 */
export async function endProviderSessions({ sub, sid }: { sub?: string; sid?: string }): Promise<string[]> {
  const { rows } = sid
    ? await query<{ username: string }>(
        "DELETE FROM sessions WHERE auth_method = 'sso' AND provider_sid = $1 AND ($2::text IS NULL OR provider_sub = $2) RETURNING sso_username AS username",
        [sid, sub ?? null],
      )
    : await query<{ username: string }>(
        "DELETE FROM sessions WHERE auth_method = 'sso' AND provider_sub = $1 RETURNING sso_username AS username",
        [sub],
      );
  return rows.map((row) => row.username);
}
