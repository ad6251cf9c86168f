import { getConfig } from "@/lib/server/config/config";
import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { validateBody } from "@/lib/server/http/validate-body";
import { readDelivery, redeliver } from "@/lib/server/webhooks/delivery-store";
import {
  deliveryNotFound,
  deliveryUnderWay,
  webhookNotFound,
  webhookSwitchedOff,
} from "@/lib/server/webhooks/webhook-errors";
import { readWebhook } from "@/lib/server/webhooks/webhook-store";
import { redeliverSchema } from "@/lib/shared/webhook-schemas";

async function endpointId(id: string, sending = false): Promise<string> {
  const webhook = await readWebhook(id);
  if (!webhook) throw webhookNotFound();
  if (sending && !webhook.enabled) throw webhookSwitchedOff();
  return webhook.id;
}

export const GET = apiRoute("admin", async (_request, { params }) => {
  const delivery = await readDelivery(await endpointId(params.id ?? ""), params.deliveryId ?? "");
  if (!delivery) throw deliveryNotFound();
  return jsonResponse(JSON.stringify(delivery), 200);
});

// Sent again with the same webhook-id, from the first wait of the schedule.
export const POST = apiRoute("admin", async (request, { params }) => {
  validateBody(await readJsonBody(request, getConfig().maxBodyBytes), redeliverSchema, 'Send {"action": "redeliver"}.');
  const endpoint = await endpointId(params.id ?? "", true);
  const outcome = await redeliver(endpoint, params.deliveryId ?? "");
  if (outcome === "not-found") throw deliveryNotFound();
  if (outcome === "under-way") throw deliveryUnderWay();
  return jsonResponse(JSON.stringify({ delivery: await readDelivery(endpoint, params.deliveryId ?? "") }), 202);
});

const notAllowed = methodNotAllowed(["GET", "HEAD", "POST"]);
export { notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
