import "server-only";
import { writeAudit } from "@/lib/server/audit/audit-trail";
import type { Role } from "@/lib/server/auth/roles";
import { transaction } from "@/lib/server/db/database";
import type { NewServiceAccount, ServiceAccount } from "@/lib/shared/service-account-schemas";
import { serviceAccountNotFound, usernameTaken } from "./service-account-errors";
import { deleteServiceAccount, insertServiceAccount, updateServiceAccountRole } from "./service-account-store";

/** The admin who acts, and the request. */
export type Admin = { username: string; requestId: string };

// Each change commits with its entry in History (decision 038).
export async function createServiceAccount(account: NewServiceAccount, admin: Admin): Promise<ServiceAccount> {
  const created = await transaction(async (tx) => {
    const inserted = await insertServiceAccount(tx, { ...account, createdBy: admin.username });
    if (inserted)
      await writeAudit(tx, [
        {
          action: "service_account_created",
          actor: admin.username,
          requestId: admin.requestId,
          details: { account: inserted.username, role: inserted.role },
        },
      ]);
    return inserted;
  });
  if (!created) throw usernameTaken(account.username);
  return created;
}

export async function changeServiceAccountRole(username: string, role: Role, admin: Admin): Promise<ServiceAccount> {
  const changed = await transaction(async (tx) => {
    const updated = await updateServiceAccountRole(tx, username, role);
    if (updated && updated.before !== role)
      await writeAudit(tx, [
        {
          action: "service_account_changed",
          actor: admin.username,
          requestId: admin.requestId,
          details: { account: username, role, previousRole: updated.before },
        },
      ]);
    return updated;
  });
  if (!changed) throw serviceAccountNotFound();
  return changed.account;
}

/** Its tokens stop working at once: the next request with one is refused. */
export async function removeServiceAccount(username: string, admin: Admin): Promise<void> {
  const removed = await transaction(async (tx) => {
    const deleted = await deleteServiceAccount(tx, username);
    if (deleted)
      await writeAudit(tx, [
        {
          action: "service_account_removed",
          actor: admin.username,
          requestId: admin.requestId,
          details: { account: username, role: deleted.role },
        },
      ]);
    return deleted;
  });
  if (!removed) throw serviceAccountNotFound();
}
