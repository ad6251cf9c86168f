import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useEffectEvent } from "react";
import { withCategories } from "@/lib/browser/categories/categories";
import { useEnvironmentPlace } from "@/lib/browser/environment-place";
import { gather } from "@/lib/browser/gather";
import { type CachedCategoryList, categoriesQueryKey } from "@/lib/shared/categories-query";
import type { CatalogueEnvironment } from "@/lib/shared/environment";
import type { Category } from "@/lib/shared/schemas";
import { onLiveEvent } from "./live-events";
import { useNewMarks } from "./use-new-marks";

// Creates that arrive together join the list together, in one change of the cache: a burst of hundreds costs a few
// renders a second rather than one each. A lone create shows a moment after it came.
const BATCH_QUIET_MS = 50;
const BATCH_MAX_MS = 250;

/**
 * Categories others create in the shown environment join the cached list in batches as their events arrive, without
 * reading the list again; one already there (this tab's own create) is skipped. Returns the ids added in the last `forMs`, and
 * calls `onAdded` with how many were added, gathered so that a run of creates is told once.
 */
export function useCreatedByOthers(forMs: number, onAdded: (count: number) => void): ReadonlySet<string> {
  const queryClient = useQueryClient();
  const { environment } = useEnvironmentPlace();
  const [marked, mark] = useNewMarks(forMs);
  const report = useEffectEvent((ids: string[]) => onAdded(ids.length));
  useEffect(() => {
    const announcement = gather<string>(1_000, 10_000, report);
    const batch = gather<Category>(BATCH_QUIET_MS, BATCH_MAX_MS, (categories) => {
      const ids = addToList(queryClient, environment, categories);
      mark(ids);
      for (const id of ids) announcement.add(id);
    });
    const stop = onLiveEvent("category-created", (event) => {
      if (event.environment === environment) batch.add(event.category);
    });
    return () => {
      stop();
      // What came is kept; its marks and announcement go with the page.
      addToList(queryClient, environment, batch.cancel());
      announcement.cancel();
    };
  }, [queryClient, environment, mark]);
  return marked;
}

/** One change of the cached list for a batch; the ids it added. */
function addToList(queryClient: QueryClient, environment: CatalogueEnvironment, batch: Category[]): string[] {
  const key = categoriesQueryKey(environment);
  const list = queryClient.getQueryData<CachedCategoryList>(key);
  const grown = withCategories(list, batch);
  if (!list || !grown) return [];
  queryClient.setQueryData(key, grown);
  return grown.categories.slice(list.categories.length).map(({ id }) => id);
}
