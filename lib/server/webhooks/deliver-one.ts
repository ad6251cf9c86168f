import "server-only";
import { getConfig } from "@/lib/server/config/config";
import { attemptVerdict } from "./attempt-verdict";
import { type ClaimedDelivery, endAttempt } from "./delivery-lease";
import { eventBody } from "./event-body";
import { postWebhook } from "./send-webhook";
import { openSecret, signatureHeader } from "./webhook-secret";
import { sealedSecrets } from "./webhook-store";

/** The Standard Webhooks headers; a standard endpoint's signed with its secret, and the previous one in its overlap. */
async function headersFor(delivery: ClaimedDelivery, body: string): Promise<Record<string, string>> {
  const timestamp = Math.floor(Date.now() / 1000);
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": "categories-admin-webhooks/1",
    "webhook-id": delivery.id,
    "webhook-timestamp": String(timestamp),
  };
  if (delivery.format !== "standard") return headers;
  const { current, previous } = await sealedSecrets(delivery.endpointId);
  const secrets = await Promise.all([current, previous].filter((sealed) => sealed !== null).map(openSecret));
  headers["webhook-signature"] = signatureHeader(secrets, delivery.id, timestamp, body);
  return headers;
}

/** One attempt of a leased delivery, recorded with what it means for the delivery and its endpoint. */
export async function deliverOne(delivery: ClaimedDelivery, owner: string): Promise<void> {
  const { timeoutMs, retryScheduleMs, disableAfterMs } = getConfig().webhooks;
  const body = eventBody(delivery.format, delivery);
  const headers = await headersFor(delivery, body);
  const at = new Date();
  const outcome = await postWebhook(new URL(delivery.url), headers, body, timeoutMs);
  const verdict = attemptVerdict(outcome, delivery.attempts + 1, retryScheduleMs);
  await endAttempt(owner, delivery, at, outcome, verdict, disableAfterMs);
}
