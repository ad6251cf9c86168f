import type { Sort } from "@/lib/shared/categories-address";
import type { Category } from "@/lib/shared/schemas";
import { compareIds, compareNames } from "./compare";

// The order is part of the list's address, which the server reads too (saved views).
export type { Sort, SortKey } from "@/lib/shared/categories-address";

/** The list in the view's order, and each category's search text at the same index. */
export type SortedCategories = { categories: readonly Category[]; texts: readonly string[] };

// The lower-cased text of each category, kept as long as the category object itself: sorting a list reorders the
// same objects, so a sort never lower-cases every name again. The separator cannot be typed into the search box,
// so a match never spans name and description.
const haystacks = new WeakMap<Category, string>();

export function searchTextOf(category: Category): string {
  let haystack = haystacks.get(category);
  if (haystack === undefined) {
    haystack = `${category.name}\u0000${category.description ?? ""}`.toLocaleLowerCase();
    haystacks.set(category, haystack);
  }
  return haystack;
}

export function compareBy({ key, dir }: Sort): (a: Category, b: Category) => number {
  const compare = key === "id" ? (a: Category, b: Category) => compareIds(a.id, b.id) : compareNames;
  return dir === "asc" ? compare : (a, b) => compare(b, a);
}

export function sortCategories(categories: readonly Category[], sort: Sort): Category[] {
  return [...categories].sort(compareBy(sort));
}

/** Sorted, and indexed for searching. */
export function sortedCategories(categories: readonly Category[], sort: Sort): SortedCategories {
  const sorted = sortCategories(categories, sort);
  return { categories: sorted, texts: sorted.map(searchTextOf) };
}

export function searchSorted({ categories, texts }: SortedCategories, search: string): readonly Category[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return categories;
  return categories.filter((_, index) => texts[index]?.includes(needle));
}
