import { queryOptions, useQuery } from "@tanstack/react-query";
import { comparisonQueryKey } from "@/lib/shared/comparison-query";
import { comparisonSchema } from "@/lib/shared/compare-schemas";
import { readApiResponse, sendApiRequest } from "./api-client";

export const comparisonQuery = queryOptions({
  queryKey: comparisonQueryKey,
  queryFn: async ({ signal }) => readApiResponse(await sendApiRequest("/api/compare", { signal }), comparisonSchema),
});

export function useComparison() {
  return useQuery(comparisonQuery);
}
