import { compareIds, compareNames } from "./compare";
import type { Sort } from "@/lib/shared/categories-address";
import type { Category } from "@/lib/shared/schemas";

// The order is part of the list's address, which the server reads too (saved views).
export type { Sort, SortDirection, SortKey } from "@/lib/shared/categories-address";

// The lower-cased text of each category, kept as long as the category object itself: sorting a list reorders the
// same objects, so a sort never lower-cases every name again. The separator cannot be typed into the search box,
// so a match never spans name and description.
const haystacks = new WeakMap<Category, string>();

function haystackOf(category: Category): string {
  let haystack = haystacks.get(category);
  if (haystack === undefined) {
    haystack = `${category.name}\u0000${category.description ?? ""}`.toLocaleLowerCase();
    haystacks.set(category, haystack);
  }
  return haystack;
}

export function searchableCategories(categories: readonly Category[]): (search: string) => readonly Category[] {
  const texts = categories.map(haystackOf);
  return (search) => {
    const needle = search.trim().toLocaleLowerCase();
    if (!needle) return categories;
    return categories.filter((_, index) => texts[index]?.includes(needle));
  };
}

export function sortCategories(categories: readonly Category[], { key, dir }: Sort): Category[] {
  const compare = key === "id" ? (a: Category, b: Category) => compareIds(a.id, b.id) : compareNames;
  const sign = dir === "asc" ? 1 : -1;
  return [...categories].sort((a, b) => sign * compare(a, b));
}
