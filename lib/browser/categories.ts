import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { type CachedCategoryList, categoriesQueryKey } from "@/lib/shared/categories-query";
import { type Category, type NewCategory, categoryListSchema, categorySchema } from "@/lib/shared/schemas";
import { readApiResponse, sendApiRequest } from "./api-client";

const ENDPOINT = "/api/categories";
const justCreatedKey = ["just-created-category"] as const;

export const categoriesQuery = queryOptions({
  queryKey: categoriesQueryKey,
  queryFn: async ({ signal, client }): Promise<CachedCategoryList> => {
    // /api is no-store, so only the ETag kept with the cached list lets an unchanged list come back as a 304.
    const previous = client.getQueryData<CachedCategoryList>(categoriesQueryKey);
    const response = await sendApiRequest(ENDPOINT, {
      signal,
      headers: previous?.etag ? { "if-none-match": previous.etag } : {},
    });
    if (response.status === 304 && previous) return previous;
    const categories = await readApiResponse(response, categoryListSchema);
    return { categories, etag: response.headers.get("etag") ?? undefined };
  },
});

const selectCategories = (list: CachedCategoryList) => list.categories;

export function useCategories() {
  return useQuery({ ...categoriesQuery, select: selectCategories });
}

export function readCategoriesNow(queryClient: QueryClient): Promise<Category[] | undefined> {
  return queryClient.fetchQuery({ ...categoriesQuery, staleTime: 0 }).then(selectCategories, () => undefined);
}

/**
 * The create. Its category joins the cached list at once, so the list page the form goes to next shows it without
 * reading the list again before its own server-rendered list hydrates; "add another" refetches the list itself.
 */
export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: NewCategory) => {
      const response = await sendApiRequest(ENDPOINT, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(input),
      });
      return readApiResponse(response, categorySchema);
    },
    onSuccess: (created) => {
      queryClient.setQueryData<CachedCategoryList>(categoriesQueryKey, (list) =>
        list && !list.categories.some((category) => category.id === created.id)
          ? { categories: [...list.categories, created] }
          : list,
      );
    },
  });
}

export function showJustCreated(queryClient: QueryClient, id: string): void {
  queryClient.setQueryData(justCreatedKey, id);
}

export function useJustCreated(forMs: number): string | undefined {
  const queryClient = useQueryClient();
  const [id, setId] = useState(() => queryClient.getQueryData<string>(justCreatedKey));
  useEffect(() => {
    queryClient.removeQueries({ queryKey: justCreatedKey, exact: true });
    const timer = setTimeout(() => setId(undefined), forMs);
    return () => clearTimeout(timer);
  }, [queryClient, forMs]);
  return id;
}
