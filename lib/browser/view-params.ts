import type { Sort, SortDirection, SortKey } from "./view";

/** What the list shows: the search and the order. Lives in the URL (`?q=&sort=&dir=`) so a view can be shared. */
export type View = { q: string; sort: Sort };

export const DEFAULT_SORT: Sort = { key: "id", dir: "asc" };

const SORT_KEYS: readonly SortKey[] = ["id", "name"];
const DIRECTIONS: readonly SortDirection[] = ["asc", "desc"];

export function viewFromParams(params: Pick<URLSearchParams, "get">): View {
  const key = params.get("sort");
  const dir = params.get("dir");
  return {
    q: params.get("q") ?? "",
    sort: {
      key: SORT_KEYS.find((known) => known === key) ?? DEFAULT_SORT.key,
      dir: DIRECTIONS.find((known) => known === dir) ?? DEFAULT_SORT.dir,
    },
  };
}

export function viewToSearch({ q, sort }: View): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (sort.key !== DEFAULT_SORT.key || sort.dir !== DEFAULT_SORT.dir) {
    params.set("sort", sort.key);
    params.set("dir", sort.dir);
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}
