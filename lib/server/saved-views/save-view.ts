import "server-only";
import type { NewSavedView, SavedView } from "@/lib/shared/saved-view-schemas";
import { checkedQuery } from "./checked-query";
import { recordViewCreated } from "./view-audit";
import { isNameTaken, tooManyViews, viewNameTaken } from "./view-errors";
import { insertView } from "./view-store";

export async function saveView(
  view: NewSavedView,
  { username, requestId }: { username: string; requestId: string },
): Promise<SavedView> {
  const query = checkedQuery(view.page, view.query);
  let saved: SavedView | undefined;
  try {
    saved = await insertView({ ...view, query, owner: username });
  } catch (error) {
    throw isNameTaken(error) ? viewNameTaken(view.name) : error;
  }
  if (!saved) throw tooManyViews();
  await recordViewCreated(saved, { actor: username, requestId });
  return saved;
}
