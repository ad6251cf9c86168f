import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useEffectEvent, useState } from "react";
import { type CachedCategoryList, categoriesQueryKey } from "@/lib/shared/categories-query";
import type { Category } from "@/lib/shared/schemas";
import { withCategory } from "./categories";
import { useEnvironmentPlace } from "./environment-place";
import { gather } from "./gather";
import { onLiveEvent } from "./live-events";

/**
 * Categories others create in the shown environment join the cached list as their events arrive, without reading the
 * list again; one already there (this tab's own create) is skipped. Returns the ids added in the last `forMs`, and
 * calls `onAdded` with how many were added, gathered so that a run of creates is told once.
 */
export function useCreatedByOthers(forMs: number, onAdded: (count: number) => void): ReadonlySet<string> {
  const queryClient = useQueryClient();
  const { environment } = useEnvironmentPlace();
  const [added, setAdded] = useState<ReadonlySet<string>>(() => new Set());
  const report = useEffectEvent((ids: string[]) => onAdded(ids.length));
  const add = useEffectEvent((category: Category): boolean => {
    const key = categoriesQueryKey(environment);
    const list = withCategory(queryClient.getQueryData<CachedCategoryList>(key), category);
    if (list) queryClient.setQueryData(key, list);
    return list !== undefined;
  });
  useEffect(() => {
    const announcement = gather<string>(1_000, 10_000, report);
    const stop = onLiveEvent("category-created", (event) => {
      if (event.environment !== environment || !add(event.category)) return;
      const { id } = event.category;
      setAdded((ids) => new Set(ids).add(id));
      setTimeout(() => setAdded((ids) => new Set([...ids].filter((other) => other !== id))), forMs);
      announcement.add(id);
    });
    return () => {
      stop();
      announcement.cancel();
    };
  }, [environment, forMs]);
  return added;
}
