import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { readApiResponse, sendApiRequest } from "@/lib/http/api-client";
import { readCategory, readCategoryList } from "./read-category";
import type { Category, NewCategory } from "./schemas";

const ENDPOINT = "/api/categories";

// The last list and its ETag. /api is no-store, so the browser's own cache keeps nothing; this lets a refresh of an
// unchanged list come back as a bodiless 304 instead of the whole list again.
let lastList: { etag: string; categories: Category[] } | undefined;

export async function fetchCategories(signal?: AbortSignal): Promise<Category[]> {
  const previous = lastList;
  const response = await sendApiRequest(ENDPOINT, { signal, headers: previous ? { "if-none-match": previous.etag } : {} });
  if (response.status === 304 && previous) return previous.categories;
  const categories = await readApiResponse(response, readCategoryList);
  const etag = response.headers.get("etag");
  lastList = etag ? { etag, categories } : undefined;
  return categories;
}

export async function createCategory(input: NewCategory): Promise<Category> {
  const response = await sendApiRequest(ENDPOINT, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(input),
  });
  return readApiResponse(response, readCategory);
}

/** The list as the server rendered it into the page. */
export type InitialCategories = Category[];

export const categoriesQueryOptions = queryOptions({
  queryKey: ["categories"],
  // No observers keep this query alive (see useCategoryList), so it is never garbage-collected; it is one list.
  gcTime: Infinity,
  queryFn: ({ signal }) => fetchCategories(signal),
});

/** The list as the service has it now, or undefined when it cannot be read. */
export async function refetchCategories(queryClient: QueryClient): Promise<Category[] | undefined> {
  return queryClient.fetchQuery({ ...categoriesQueryOptions, staleTime: 0 }).catch(() => undefined);
}

/**
 * Puts a created category into the cached list at once and marks the list as out of date. When the list page is
 * next (`refetch: false`), its server render reads the list anyway, so the browser does not read it a second time.
 */
export function rememberCreated(queryClient: QueryClient, created: Category, { refetch }: { refetch: boolean }): void {
  queryClient.setQueryData(categoriesQueryOptions.queryKey, (list) =>
    list && !list.some((category) => category.id === created.id) ? [...list, created] : list,
  );
  // Not awaited: the new row is already in the cache, and a slow list must not hold up the form. "all": no observer
  // marks this query active (useCategoryList reads the cache directly), and the refetch must happen regardless.
  void queryClient.invalidateQueries({ queryKey: categoriesQueryOptions.queryKey, refetchType: refetch ? "all" : "none" });
}
