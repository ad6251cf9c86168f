import { queryOptions, useQuery } from "@tanstack/react-query";
import { readApiResponse, sendApiRequest } from "@/lib/browser/api-client";
import { comparisonSchema } from "@/lib/shared/compare-schemas";
import { comparisonQueryKey } from "@/lib/shared/comparison-query";

export const comparisonQuery = queryOptions({
  queryKey: comparisonQueryKey,
  queryFn: async ({ signal }) => readApiResponse(await sendApiRequest("/api/compare", { signal }), comparisonSchema),
});

export function useComparison() {
  return useQuery(comparisonQuery);
}
