import "server-only";
import { randomUUID } from "node:crypto";
import { type Db, query } from "@/lib/server/db/database";
import { isoTime } from "@/lib/server/db/iso-time";
import type { Role } from "@/lib/server/auth/roles";
import type { ServiceAccount } from "@/lib/shared/service-account-schemas";

const COLUMNS = `username, role, ${isoTime("created_at")} AS "createdAt", created_by AS "createdBy"`;

export async function listServiceAccounts(): Promise<ServiceAccount[]> {
  const { rows } = await query<ServiceAccount>(`SELECT ${COLUMNS} FROM users WHERE kind = 'service' ORDER BY username`);
  return rows;
}

/** The new account, or undefined when a person or another service account has the name. */
export async function insertServiceAccount(
  db: Db,
  account: { username: string; role: Role; createdBy: string },
): Promise<ServiceAccount | undefined> {
  const { rows } = await db.query<ServiceAccount>(
    `INSERT INTO users (username, role, kind, credential_version, created_by) VALUES ($1, $2, 'service', $3, $4)
     ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
    [account.username, account.role, randomUUID(), account.createdBy],
  );
  return rows[0];
}

/** The account with its new role and the role it had; undefined when there is no such service account. */
export async function updateServiceAccountRole(
  db: Db,
  username: string,
  role: Role,
): Promise<{ account: ServiceAccount; before: Role } | undefined> {
  const { rows } = await db.query<ServiceAccount & { before: Role }>(
    `UPDATE users AS u SET role = $2, updated_at = now()
     FROM (SELECT username, role FROM users WHERE username = $1 AND kind = 'service' FOR UPDATE) AS before
     WHERE u.username = before.username
     RETURNING u.username, u.role, ${isoTime("u.created_at")} AS "createdAt", u.created_by AS "createdBy",
       before.role AS before`,
    [username, role],
  );
  const [row] = rows;
  if (!row) return undefined;
  const { before, ...account } = row;
  return { account, before };
}

// Its tokens go with it (a foreign key); so do its private views, as for a person (decision 037).
const DELETE = `
  WITH removed AS (DELETE FROM users WHERE username = $1 AND kind = 'service' RETURNING ${COLUMNS}),
    views AS (DELETE FROM saved_views WHERE NOT shared AND owner IN (SELECT username FROM removed))
  SELECT * FROM removed`;

/** The removed account, or undefined when there was no such service account. */
export async function deleteServiceAccount(db: Db, username: string): Promise<ServiceAccount | undefined> {
  const { rows } = await db.query<ServiceAccount>(DELETE, [username]);
  return rows[0];
}
