import * as z from "zod/mini";

/** Compare's groups, as the page's ids, its CSV file names and its address name them. */
const COMPARE_GROUPS = ["only-in-staging", "only-in-production", "differ"] as const;
export type CompareGroupId = (typeof COMPARE_GROUPS)[number];

/** Each group's search, "" for none. */
export type CompareSearches = Record<CompareGroupId, string>;

/** The parameters Compare reads from its address (`?only-in-staging=cat&differ=owl`): each group's search. */
export const compareAddressFields: Record<CompareGroupId, z.ZodMiniString> = {
  "only-in-staging": z.string(),
  "only-in-production": z.string(),
  differ: z.string(),
};

export function readCompareSearches(params: Pick<URLSearchParams, "get">): CompareSearches {
  return {
    "only-in-staging": params.get("only-in-staging") ?? "",
    "only-in-production": params.get("only-in-production") ?? "",
    differ: params.get("differ") ?? "",
  };
}

/** The query for these searches, in the groups' order and without the empty ones; "" for none. */
export function compareSearchesToQuery(searches: CompareSearches): string {
  const params = new URLSearchParams();
  for (const group of COMPARE_GROUPS) if (searches[group]) params.set(group, searches[group]);
  return params.toString();
}
