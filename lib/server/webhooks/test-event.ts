import "server-only";
import type { Delivery } from "@/lib/shared/webhook-schemas";
import { appLink } from "./app-link";
import { queueTestEvent, readDelivery } from "./delivery-store";
import { webhookNotFound, webhookSwitchedOff } from "./webhook-errors";
import { readWebhook } from "./webhook-store";

/** A `ping` queued for one endpoint, whatever its events and environments; the worker sends it. */
export async function sendTestEvent(endpointId: string, username: string): Promise<Delivery> {
  const webhook = await readWebhook(endpointId);
  if (!webhook) throw webhookNotFound();
  if (!webhook.enabled) throw webhookSwitchedOff();
  const data = JSON.stringify({ webhook: { id: webhook.id, name: webhook.name }, by: username, url: appLink("/") });
  const id = await queueTestEvent(webhook.id, data);
  const delivery = await readDelivery(webhook.id, id);
  if (!delivery) throw webhookNotFound();
  return delivery;
}
