import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import * as z from "zod/mini";
import { readApiResponse, sendApiJson, sendApiRequest } from "@/lib/browser/api-client";
import {
  type ChangeRequestDecision,
  changeRequestSchema,
  changeRequestSummarySchema,
} from "@/lib/shared/change-request-schemas";
import type { RequestsFilter } from "./request-words";

const ENDPOINT = "/api/requests";
const requestListSchema = z.array(changeRequestSummarySchema);

const requestsKey = ["change-requests"] as const;

const requestsQuery = (filter: RequestsFilter) =>
  queryOptions({
    queryKey: [...requestsKey, "list", filter],
    queryFn: async ({ signal }) =>
      readApiResponse(await sendApiRequest(`${ENDPOINT}?state=${filter}`, { signal }), requestListSchema),
  });

const requestQuery = (id: string) =>
  queryOptions({
    queryKey: [...requestsKey, "one", id],
    queryFn: async ({ signal }) =>
      readApiResponse(await sendApiRequest(`${ENDPOINT}/${encodeURIComponent(id)}`, { signal }), changeRequestSchema),
  });

export const useRequests = (filter: RequestsFilter) => useQuery(requestsQuery(filter));

export const useRequest = (id: string) => useQuery(requestQuery(id));

/**
 * Approve, reject or withdraw. Once decided, the request is read again (with what ran) before the mutation settles, so
 * the page never shows the old state after the answer; the lists are read again when next shown.
 */
export function useDecideRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (decision: ChangeRequestDecision) => {
      await readApiResponse(await sendApiJson(`${ENDPOINT}/${encodeURIComponent(id)}`, decision));
    },
    // A refusal (409: decided meanwhile) also means the page's copy may be old.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: requestQuery(id).queryKey }),
        queryClient.invalidateQueries({ queryKey: [...requestsKey, "list"], refetchType: "none" }),
      ]),
  });
}
