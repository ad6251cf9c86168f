import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import * as z from "zod/mini";
import { readApiResponse, sendApiJson, sendApiRequest } from "@/lib/browser/api-client";
import {
  type NewSavedView,
  type SavedView,
  type SavedViewChange,
  type ViewPage,
  savedViewSchema,
} from "@/lib/shared/saved-view-schemas";

const ENDPOINT = "/api/views";
const savedViewListSchema = z.array(savedViewSchema);

const savedViewsQuery = (page: ViewPage) =>
  queryOptions({
    queryKey: ["saved-views", page] as const,
    queryFn: async ({ signal }) =>
      readApiResponse(await sendApiRequest(`${ENDPOINT}?page=${page}`, { signal }), savedViewListSchema),
  });

/** Read when the menu first opens, or at once when the page was opened from a view (to say whether it changed). */
export function useSavedViews(page: ViewPage, enabled: boolean) {
  return useQuery({ ...savedViewsQuery(page), enabled });
}

// Every change reads the page's list again: the server orders it and may have views from others to add.
function useViewMutation<Input, Output>(page: ViewPage, send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedViewsQuery(page).queryKey }),
  });
}

export const useCreateView = (page: ViewPage) =>
  useViewMutation(page, async (view: NewSavedView) =>
    readApiResponse(await sendApiJson(ENDPOINT, view), savedViewSchema),
  );

export const useChangeView = (page: ViewPage) =>
  useViewMutation(page, async ({ id, ...change }: SavedViewChange & { id: string }) =>
    readApiResponse(await sendApiJson(`${ENDPOINT}/${encodeURIComponent(id)}`, change, "PATCH"), savedViewSchema),
  );

export const useDeleteView = (page: ViewPage) =>
  useViewMutation(page, async (id: string) =>
    readApiResponse(await sendApiRequest(`${ENDPOINT}/${encodeURIComponent(id)}`, { method: "DELETE" })),
  );

export type { SavedView };
