import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { promotionKey } from "@/lib/shared/promotion-query";
import { type PromotionRequest, type PromotionWithRows, promotionWithRowsSchema } from "@/lib/shared/promotion-schemas";
import { readApiResponse, sendApiRequest } from "./api-client";

type PromotionAction = { action: "cancel" | "resume" | "send-unknown-again" };

const POLL_MS = 1_000;
// Each read carries every row: a long promotion is read less often, as an import's rows are.
const LONG_POLL_MS = 3_000;
const LONG_PROMOTION_ROWS = 1_000;

/** How often a promotion is read again: while it runs on the server, and never once it has stopped. */
export function promotionPollMs(promotion: PromotionWithRows | undefined): number | false {
  if (promotion?.state !== "running") return false;
  return promotion.rows.length > LONG_PROMOTION_ROWS ? LONG_POLL_MS : POLL_MS;
}

const postJson = (path: string, body: unknown) =>
  sendApiRequest(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

/** Starts the job on the server at once: the comparison the person chose from was its preview. */
export async function startPromotion(request: PromotionRequest): Promise<PromotionWithRows> {
  return readApiResponse(await postJson("/api/promotions", request), promotionWithRowsSchema);
}

// Polled while it runs on the server: closing the tab changes nothing there, and any browser can watch it.
export function usePromotion(id: string) {
  return useQuery({
    queryKey: promotionKey(id),
    queryFn: async ({ signal }) =>
      readApiResponse(await sendApiRequest(`/api/promotions/${id}`, { signal }), promotionWithRowsSchema),
    refetchInterval: (query) => promotionPollMs(query.state.data),
  });
}

export function usePromotionAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: PromotionAction) =>
      readApiResponse(await postJson(`/api/promotions/${id}`, action), promotionWithRowsSchema),
    onSuccess: (promotion) => queryClient.setQueryData(promotionKey(id), promotion),
  });
}
