import { compareIds, compareNames } from "./compare";
import type { Category } from "./schemas";

export type SortKey = "id" | "name";
export type SortDirection = "asc" | "desc";
export type Sort = { key: SortKey; dir: SortDirection };

/** Case-insensitive match on name or description; an empty search matches everything. */
export function filterCategories(categories: readonly Category[], search: string): readonly Category[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return categories;
  return categories.filter(
    ({ name, description }) =>
      name.toLocaleLowerCase().includes(needle) || (description?.toLocaleLowerCase().includes(needle) ?? false),
  );
}

export function sortCategories(categories: readonly Category[], { key, dir }: Sort): Category[] {
  const compare = key === "id" ? (a: Category, b: Category) => compareIds(a.id, b.id) : compareNames;
  const sign = dir === "asc" ? 1 : -1;
  return [...categories].sort((a, b) => sign * compare(a, b));
}
