import { focusManager, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { type InitialCategories, categoriesQueryOptions, refetchCategories } from "./api";

const { queryKey } = categoriesQueryOptions;

/**
 * The cached category list and its loading state, read straight from react-query's cache with public calls.
 * Not `useQuery`: its observer machinery would cost the list page about 3 KiB of its first-load budget, for
 * nothing this page uses beyond what is here: fetch when stale on mount and on returning to the tab, and refetch.
 * `initial` (the server-rendered list) shows at once. It counts as loaded when the browser received it, by the
 * browser's clock: staleness is judged by that clock, which may be hours away from the server's.
 */
export function useCategoryList(initial?: InitialCategories) {
  const queryClient = useQueryClient();
  useState(() => {
    // Once, before the first read: like HydrationBoundary, the server's list goes into the cache during render.
    const cached = queryClient.getQueryState(queryKey);
    if (initial && (!cached || cached.isInvalidated)) queryClient.setQueryData(queryKey, initial, { updatedAt: Date.now() });
  });
  const subscribe = useCallback((changed: () => void) => queryClient.getQueryCache().subscribe(changed), [queryClient]);
  const state = useSyncExternalStore(
    subscribe,
    () => queryClient.getQueryState(queryKey),
    () => queryClient.getQueryState(queryKey),
  );
  const refetch = useCallback(() => void refetchCategories(queryClient), [queryClient]);
  useEffect(() => {
    const fetchIfStale = () => void queryClient.prefetchQuery(categoriesQueryOptions);
    fetchIfStale();
    return focusManager.subscribe((focused) => focused && fetchIfStale());
  }, [queryClient]);
  return {
    data: state?.data,
    error: state?.error ?? null,
    isPending: state?.data === undefined && state?.status !== "error",
    isFetching: state?.fetchStatus === "fetching",
    loadedAt: state?.dataUpdatedAt || undefined,
    refetch,
  };
}
