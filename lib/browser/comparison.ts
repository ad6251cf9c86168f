import { queryOptions, useQuery } from "@tanstack/react-query";
import { comparisonSchema } from "@/lib/shared/compare-schemas";
import { readApiResponse, sendApiRequest } from "./api-client";

export const comparisonQuery = queryOptions({
  queryKey: ["comparison"],
  queryFn: async ({ signal }) => readApiResponse(await sendApiRequest("/api/compare", { signal }), comparisonSchema),
});

export function useComparison() {
  return useQuery(comparisonQuery);
}
