import "server-only";
import type { SavedView, SavedViewChange } from "@/lib/shared/saved-view-schemas";
import { transaction } from "@/lib/server/db/database";
import { checkedQuery } from "./checked-query";
import { recordViewChanged, recordViewDeleted } from "./view-audit";
import { isNameTaken, notTheOwner, viewNameTaken, viewNotFound } from "./view-errors";
import { type ChangedView, deleteView, readView, updateView } from "./view-store";

type Person = { username: string; role: string; requestId: string; token?: string };

/** Why `username` could not change or delete a view: it is someone else's (403), or not one they can see (404). */
async function refusal(id: string, username: string, doing: string): Promise<Error> {
  const view = await readView(id, username);
  return view ? notTheOwner(view, doing) : viewNotFound();
}

/** Rename, share or unshare, or give a new query: the owner only. */
export async function changeView(id: string, change: SavedViewChange, person: Person): Promise<SavedView> {
  let checked = change;
  if (change.query !== undefined) {
    const current = await readView(id, person.username);
    if (!current) throw viewNotFound();
    if (!current.mine) throw notTheOwner(current, "change");
    checked = { ...change, query: checkedQuery(current.page, change.query) };
  }
  const context = { actor: person.username, requestId: person.requestId, token: person.token };
  let changed: ChangedView | undefined;
  try {
    changed = await transaction(async (tx) => {
      const updated = await updateView(tx, id, person.username, checked);
      if (updated) await recordViewChanged(tx, updated, context);
      return updated;
    });
  } catch (error) {
    throw isNameTaken(error) ? viewNameTaken(change.name ?? "") : error;
  }
  if (!changed) throw await refusal(id, person.username, "change");
  return changed.view;
}

/** By its owner, or by an admin when it is shared (everyone is offered it, so an admin may take it away). */
export async function removeView(id: string, person: Person): Promise<void> {
  const context = { actor: person.username, requestId: person.requestId, token: person.token };
  const deleted = await transaction(async (tx) => {
    const row = await deleteView(tx, id, person.username, person.role === "admin");
    if (row) await recordViewDeleted(tx, row, context);
    return row;
  });
  if (!deleted) throw await refusal(id, person.username, "delete");
}
