import type { Category } from "@/lib/shared/schemas";
import { type Sort, type SortedCategories, compareBy, searchTextOf } from "./view";

/**
 * `sorted` with `added` in their places, as if the whole list had been sorted and indexed again: only the added are
 * sorted, each place is found by binary search, and the runs of rows between them are copied as they are. `added`
 * must not repeat a category of `sorted`.
 */
export function mergeSorted(sorted: SortedCategories, added: readonly Category[], sort: Sort): SortedCategories {
  if (added.length === 0) return sorted;
  const compare = compareBy(sort);
  const categories: (readonly Category[])[] = [];
  const texts: (readonly string[])[] = [];
  let from = 0;
  for (const category of [...added].sort(compare)) {
    const at = placeOf(sorted.categories, category, compare, from);
    categories.push(sorted.categories.slice(from, at), [category]);
    texts.push(sorted.texts.slice(from, at), [searchTextOf(category)]);
    from = at;
  }
  categories.push(sorted.categories.slice(from));
  texts.push(sorted.texts.slice(from));
  return { categories: joined(categories), texts: joined(texts) };
}

// concat, not flat(), which copies element by element: ten times slower on 100,000 rows. A call takes only so many
// arguments, so the parts go in a thousand at a time.
function joined<Item>(parts: readonly (readonly Item[])[]): Item[] {
  let all: Item[] = [];
  for (let start = 0; start < parts.length; start += 1_000) all = all.concat(...parts.slice(start, start + 1_000));
  return all;
}

/** The index of the first of `list[from…]` that sorts after `category`. */
function placeOf(
  list: readonly Category[],
  category: Category,
  compare: (a: Category, b: Category) => number,
  from: number,
): number {
  let [low, high] = [from, list.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    const row = list[middle];
    if (row && compare(row, category) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
