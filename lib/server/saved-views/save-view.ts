import "server-only";
import type { NewSavedView, SavedView } from "@/lib/shared/saved-view-schemas";
import { transaction } from "@/lib/server/db/database";
import { checkedQuery } from "./checked-query";
import { recordViewCreated } from "./view-audit";
import { isNameTaken, tooManyViews, viewNameTaken } from "./view-errors";
import { insertView } from "./view-store";

export async function saveView(
  view: NewSavedView,
  { username, requestId, token }: { username: string; requestId: string; token?: string },
): Promise<SavedView> {
  const query = checkedQuery(view.page, view.query);
  try {
    return await transaction(async (tx) => {
      const saved = await insertView(tx, { ...view, query, owner: username });
      if (!saved) throw tooManyViews();
      await recordViewCreated(tx, saved, { actor: username, requestId, token });
      return saved;
    });
  } catch (error) {
    throw isNameTaken(error) ? viewNameTaken(view.name) : error;
  }
}
