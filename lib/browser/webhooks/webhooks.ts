import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { readApiResponse, sendApiJson, sendApiRequest } from "@/lib/browser/api-client";
import {
  type NewWebhook,
  type WebhookChange,
  createdWebhookSchema,
  deliveriesKey,
  deliveryListSchema,
  queuedDeliverySchema,
  rotatedSecretSchema,
  webhookKey,
  webhookListKey,
  webhookListSchema,
  webhookSchema,
} from "@/lib/shared/webhook-schemas";

const WEBHOOKS = "/api/webhooks";
const key = ["webhooks"] as const;
const path = (id: string) => `${WEBHOOKS}/${encodeURIComponent(id)}`;
/** How often a page with a delivery still pending reads the deliveries again: its next attempt may come in seconds. */
const PENDING_POLL_MS = 2_000;

export const useWebhooks = () =>
  useQuery({
    queryKey: webhookListKey,
    queryFn: async ({ signal }) =>
      (await readApiResponse(await sendApiRequest(WEBHOOKS, { signal }), webhookListSchema)).webhooks,
  });

export const useWebhook = (id: string) =>
  useQuery({
    queryKey: webhookKey(id),
    queryFn: async ({ signal }) => readApiResponse(await sendApiRequest(path(id), { signal }), webhookSchema),
  });

export const useDeliveries = (id: string) =>
  useQuery({
    queryKey: deliveriesKey(id),
    queryFn: async ({ signal }) =>
      (await readApiResponse(await sendApiRequest(`${path(id)}/deliveries`, { signal }), deliveryListSchema))
        .deliveries,
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.state === "pending") ? PENDING_POLL_MS : false,
  });

// Every change reads the endpoints and their deliveries again: the list shows each one's last delivery.
function useWebhooksMutation<Input, Output>(send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => queryClient.invalidateQueries({ queryKey: key }) });
}

/** The answer holds a `standard` endpoint's secret: the page shows it once and keeps it nowhere else. */
export const useAddWebhook = () =>
  useWebhooksMutation(async (webhook: NewWebhook) =>
    readApiResponse(await sendApiJson(WEBHOOKS, webhook), createdWebhookSchema),
  );

export const useChangeWebhook = (id: string) =>
  useWebhooksMutation(async (change: WebhookChange) =>
    readApiResponse(await sendApiJson(path(id), change, "PATCH"), webhookSchema),
  );

/** Only the list is read again: the removed endpoint's page is being left, and a read of it would be a 404. */
export function useRemoveWebhook(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => readApiResponse(await sendApiRequest(path(id), { method: "DELETE" })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookListKey }),
  });
}

/** As the create's: the new secret is in this answer only. */
export const useRotateSecret = (id: string) =>
  useWebhooksMutation(async () => readApiResponse(await sendApiJson(`${path(id)}/secret`, {}), rotatedSecretSchema));

export const useSendTestEvent = (id: string) =>
  useWebhooksMutation(async () => readApiResponse(await sendApiJson(`${path(id)}/test`, {}), queuedDeliverySchema));

export const useRedeliver = (id: string) =>
  useWebhooksMutation(async (deliveryId: string) =>
    readApiResponse(
      await sendApiJson(`${path(id)}/deliveries/${encodeURIComponent(deliveryId)}`, { action: "redeliver" }),
      queuedDeliverySchema,
    ),
  );
