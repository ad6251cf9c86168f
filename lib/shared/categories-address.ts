import * as z from "zod/mini";

const SORT_KEYS = ["id", "name"] as const;
const DIRECTIONS = ["asc", "desc"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
type SortDirection = (typeof DIRECTIONS)[number];
export type Sort = { key: SortKey; dir: SortDirection };

/** What the list shows: the search and the order. Lives in the URL (`?q=&sort=&dir=`) so a view can be shared. */
export type View = { q: string; sort: Sort };

const DEFAULT_SORT: Sort = { key: "id", dir: "asc" };

/**
 * The parameters the list reads from its address. ?environment= is not one: it is where the list is, read by the
 * server's page. The page reads a value that does not fit as the default; a saved view refuses it (view-query.ts).
 */
export const categoriesAddressFields = {
  q: z.string(),
  sort: z.enum(SORT_KEYS, { error: "sort must be id or name" }),
  dir: z.enum(DIRECTIONS, { error: "dir must be asc or desc" }),
};

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
