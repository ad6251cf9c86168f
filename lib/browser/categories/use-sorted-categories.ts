import { useMemo, useState } from "react";
import type { Category } from "@/lib/shared/schemas";
import { mergeSorted } from "./merge-sorted";
import { type Sort, type SortedCategories, sortedCategories } from "./view";

type Last = { list: readonly Category[]; sort: Sort; sorted: SortedCategories };

/**
 * `sortedCategories` remembering its last answer: a list that is the last one with categories added at its end (a
 * batch of creates joins the cached list so) has them merged in; any other list or sort is sorted anew.
 */
export function sortedAsListGrows(): (list: readonly Category[], sort: Sort) => SortedCategories {
  let last: Last | undefined;
  return (list, sort) => {
    const sorted = last && grew(last, list, sort) ? mergeSorted(last.sorted, list.slice(last.list.length), sort) : null;
    last = { list, sort, sorted: sorted ?? sortedCategories(list, sort) };
    return last.sorted;
  };
}

function grew(last: Last, list: readonly Category[], sort: Sort): boolean {
  if (last.sort.key !== sort.key || last.sort.dir !== sort.dir) return false;
  // A list more than twice as long (the first read after none) is as quickly sorted whole.
  if (list.length < last.list.length || list.length > 2 * last.list.length) return false;
  // The same category objects: the batches add to the cached list without copying its categories.
  for (let index = 0; index < last.list.length; index++) if (list[index] !== last.list[index]) return false;
  return true;
}

/** The list sorted and indexed for searching, a colleague's burst merged in rather than everything sorted again. */
export function useSortedCategories(list: readonly Category[], sort: Sort): SortedCategories {
  const [sorted] = useState(sortedAsListGrows);
  return useMemo(() => sorted(list, sort), [sorted, list, sort]);
}
