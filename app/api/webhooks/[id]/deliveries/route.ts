import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { listDeliveries } from "@/lib/server/webhooks/delivery-store";
import { webhookNotFound } from "@/lib/server/webhooks/webhook-errors";
import { readWebhook } from "@/lib/server/webhooks/webhook-store";

export const GET = apiRoute("admin", async (_request, { params }) => {
  const webhook = await readWebhook(params.id ?? "");
  if (!webhook) throw webhookNotFound();
  return jsonResponse(JSON.stringify({ deliveries: await listDeliveries(webhook.id) }), 200);
});

const notAllowed = methodNotAllowed(["GET", "HEAD"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
