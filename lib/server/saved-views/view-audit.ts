import "server-only";
import { type AuditEvent, writeAudit } from "@/lib/server/audit/audit-trail";
import type { Db } from "@/lib/server/db/database";
import type { SavedView } from "@/lib/shared/saved-view-schemas";
import type { ChangedView } from "./view-store";

type Context = { actor: string; requestId: string; token?: string };

// In `db`, the transaction of the change: a shared view changes only with its entry in History.
const write = (db: Db, event: AuditEvent) => writeAudit(db, [event]);

// Only shared views: they change what everyone is offered. A private view concerns its owner alone.
const about = (view: SavedView) => ({ viewId: view.id, page: view.page, viewName: view.name, owner: view.owner });

export async function recordViewCreated(db: Db, view: SavedView, context: Context): Promise<void> {
  if (view.shared)
    await write(db, { action: "view_created", ...context, details: { ...about(view), query: view.query } });
}

/** A change to a view shared before or after it, including sharing and unsharing it. */
export async function recordViewChanged(db: Db, { view, before }: ChangedView, context: Context): Promise<void> {
  const changed = before.name !== view.name || before.query !== view.query || before.shared !== view.shared;
  if (!changed || (!view.shared && !before.shared)) return;
  await write(db, {
    action: "view_changed",
    ...context,
    details: {
      ...about(view),
      previousName: before.name === view.name ? undefined : before.name,
      query: before.query === view.query ? undefined : view.query,
      sharedNow: before.shared === view.shared ? undefined : Number(view.shared),
    },
  });
}

export async function recordViewDeleted(db: Db, view: SavedView, context: Context): Promise<void> {
  if (view.shared) await write(db, { action: "view_deleted", ...context, details: about(view) });
}
