import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { readApiResponse, sendApiRequest } from "@/lib/http/api-client";
import { type Category, type NewCategory, categoryListSchema, categorySchema } from "./schemas";

const ENDPOINT = "/api/categories";

// The last list and its ETag. /api is no-store, so the browser's own cache keeps nothing; this lets a refresh of an
// unchanged list come back as a bodiless 304 instead of the whole list again.
let lastList: { etag: string; categories: Category[] } | undefined;

export async function fetchCategories(signal?: AbortSignal): Promise<Category[]> {
  const previous = lastList;
  const response = await sendApiRequest(ENDPOINT, { signal, headers: previous ? { "if-none-match": previous.etag } : {} });
  if (response.status === 304 && previous) return previous.categories;
  const categories = await readApiResponse(response, categoryListSchema);
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
  return readApiResponse(response, categorySchema);
}

export const categoriesQueryOptions = queryOptions({
  queryKey: ["categories"],
  queryFn: ({ signal }) => fetchCategories(signal),
});

export function useCategories() {
  return useQuery(categoriesQueryOptions);
}

/** Creates a category; the new one is in the cached list at once, and the list is refetched behind it. */
export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: (created) => {
      queryClient.setQueryData(categoriesQueryOptions.queryKey, (list) =>
        list && !list.some((category) => category.id === created.id) ? [...list, created] : list,
      );
      // Not awaited: the new row is already in the cache, and a slow list must not hold up the form.
      void queryClient.invalidateQueries({ queryKey: categoriesQueryOptions.queryKey });
    },
  });
}
