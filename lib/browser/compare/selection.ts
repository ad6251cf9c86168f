/** Ticked rows of a group, by id. Every change makes a new set, so React sees it. */
export type Selection = ReadonlySet<string>;

/** How many of `ids` are ticked, for a "Select all" box: all of them, some, or none. */
export function selectionState(selected: Selection, ids: readonly string[]): "all" | "some" | "none" {
  const ticked = ids.filter((id) => selected.has(id)).length;
  if (ticked === 0) return "none";
  return ticked === ids.length ? "all" : "some";
}

export function toggled(selected: Selection, id: string): Set<string> {
  const next = new Set(selected);
  if (!next.delete(id)) next.add(id);
  return next;
}

/** Ticks every one of `ids`, or unticks them; ticked rows outside `ids` (hidden by a search) stay as they are. */
export function withAll(selected: Selection, ids: readonly string[], ticked: boolean): Set<string> {
  const next = new Set(selected);
  for (const id of ids) {
    if (ticked) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** The ticked ids still in the group, in its order: a comparison read again may have lost some. */
export function tickedIn(selected: Selection, ids: readonly string[]): string[] {
  return ids.filter((id) => selected.has(id));
}
