import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { readApiResponse, sendApiJson, sendApiRequest } from "@/lib/browser/api-client";
import { useEnvironmentPlace } from "@/lib/browser/environment-place";
import { waitingRequestId } from "@/lib/browser/requests/waiting-request";
import { type CachedCategoryList, categoriesQueryKey } from "@/lib/shared/categories-query";
import { type CatalogueEnvironment, type EnvironmentPlace, inEnvironment } from "@/lib/shared/environment";
import { type Category, type NewCategory, categoryListSchema, categorySchema } from "@/lib/shared/schemas";

const ENDPOINT = "/api/categories";
const justCreatedKey = (environment: CatalogueEnvironment) => ["just-created-category", environment] as const;

const categoriesQuery = (place: EnvironmentPlace) =>
  queryOptions({
    queryKey: categoriesQueryKey(place.environment),
    // Off: comparing 100,000 categories with the last list on every change of the cache cost more than the rest of a
    // colleague's burst. An unchanged list comes back as a 304, the same object.
    structuralSharing: false,
    queryFn: async ({ signal, client }): Promise<CachedCategoryList> => {
      // /api is no-store, so only the ETag kept with the cached list lets an unchanged list come back as a 304.
      const previous = client.getQueryData<CachedCategoryList>(categoriesQueryKey(place.environment));
      const response = await sendApiRequest(inEnvironment(ENDPOINT, place), {
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
  return useQuery({ ...categoriesQuery(useEnvironmentPlace()), select: selectCategories });
}

export function readCategoriesNow(queryClient: QueryClient, place: EnvironmentPlace): Promise<Category[] | undefined> {
  return queryClient.fetchQuery({ ...categoriesQuery(place), staleTime: 0 }).then(selectCategories, () => undefined);
}

/**
 * The create. Its category joins the cached list at once, so the list page the form goes to next shows it without
 * reading the list again before its own server-rendered list hydrates; "add another" refetches the list itself. In an
 * environment that needs approval nothing is created yet: the answer names the request instead.
 */
export function useCreateCategory() {
  const queryClient = useQueryClient();
  const place = useEnvironmentPlace();
  return useMutation({
    mutationFn: async (input: NewCategory) => {
      const response = await sendApiJson(inEnvironment(ENDPOINT, place), input);
      const requestId = waitingRequestId(response);
      return requestId ? { requestId } : readApiResponse(response, categorySchema);
    },
    onSuccess: (created) => {
      if ("requestId" in created) return;
      queryClient.setQueryData<CachedCategoryList>(
        categoriesQueryKey(place.environment),
        (list) => withCategories(list, [created]) ?? list,
      );
    },
  });
}

/**
 * The list with the categories of `batch` it does not have yet, each once, at its end (the list's views sort them into
 * place); undefined when the list is not loaded or has them all. The ETag goes: the list it named is not this one.
 */
export function withCategories(
  list: CachedCategoryList | undefined,
  batch: readonly Category[],
): CachedCategoryList | undefined {
  if (!list || batch.length === 0) return undefined;
  const fresh = new Map(batch.map((category) => [category.id, category]));
  for (const { id } of list.categories) fresh.delete(id);
  return fresh.size > 0 ? { categories: [...list.categories, ...fresh.values()] } : undefined;
}

export function showJustCreated(queryClient: QueryClient, environment: CatalogueEnvironment, id: string): void {
  queryClient.setQueryData(justCreatedKey(environment), id);
}

export function useJustCreated(forMs: number): string | undefined {
  const queryClient = useQueryClient();
  const { environment } = useEnvironmentPlace();
  const [id, setId] = useState(() => queryClient.getQueryData<string>(justCreatedKey(environment)));
  useEffect(() => {
    queryClient.removeQueries({ queryKey: justCreatedKey(environment), exact: true });
    const timer = setTimeout(() => setId(undefined), forMs);
    return () => clearTimeout(timer);
  }, [queryClient, forMs, environment]);
  return id;
}
