import "server-only";
import { getConfig } from "@/lib/server/config/config";
import { appMetrics } from "@/lib/server/metrics/app-metrics";
import { inSpan, noteOnSpan } from "@/lib/server/tracing/tracing";
import { errorMessage } from "@/lib/shared/error-message";
import { attemptVerdict } from "./attempt-verdict";
import type { ClaimedDelivery, EndedAttempt } from "./delivery-lease";
import { eventBody } from "./event-body";
import { type AttemptOutcome, postWebhook } from "./send-webhook";
import { openSecret, signatureHeader } from "./webhook-secret";

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
  const sealed = [delivery.sealedSecret, delivery.sealedPrevious].filter((secret) => secret !== null);
  const secrets = await Promise.all(sealed.map(openSecret));
  headers["webhook-signature"] = signatureHeader(secrets, delivery.id, timestamp, body);
  return headers;
}

/** An attempt's result as the metrics label it: the status's class, or why none came. */
function attemptResult({ status, error }: AttemptOutcome): string {
  if (status !== null) return `${Math.floor(status / 100)}xx`;
  if (error?.startsWith("no answer within")) return "timeout";
  return error?.includes("may not reach") ? "refused" : "error";
}

/** The POST, in a span named by the host only: the path of a Slack or Teams URL is its secret. */
async function post(delivery: ClaimedDelivery, body: string, timeoutMs: number): Promise<AttemptOutcome> {
  let headers: Record<string, string>;
  try {
    headers = await headersFor(delivery, body);
  } catch (error) {
    // A secret that cannot be opened fails the attempt as no answer would: retried on the schedule, and in the end the
    // endpoint is switched off, rather than the delivery taken up again each time its lease runs out.
    return { status: null, error: errorMessage(error), durationMs: 0, response: null };
  }
  const url = new URL(delivery.url);
  const attributes = { "server.address": url.hostname, "webhook.event_type": delivery.type, "webhook.id": delivery.id };
  return inSpan("webhook POST", attributes, async () => {
    const ended = await postWebhook(url, headers, body, timeoutMs);
    noteOnSpan({ "http.response.status_code": ended.status ?? 0, "webhook.error": ended.error ?? "" });
    return ended;
  });
}

/** One attempt of a leased delivery, and what it means for the delivery; the caller records it. */
export async function deliverOne(delivery: ClaimedDelivery): Promise<EndedAttempt> {
  const { timeoutMs, retryScheduleMs } = getConfig().webhooks;
  const at = new Date();
  const outcome = await post(delivery, eventBody(delivery.format, delivery), timeoutMs);
  const verdict = attemptVerdict(outcome, delivery.attempts + 1, retryScheduleMs);
  const metrics = appMetrics();
  metrics.webhookAttemptDuration.observe({ result: attemptResult(outcome) }, outcome.durationMs / 1000);
  if (verdict.state !== "pending") metrics.webhookDeliveries.inc({ outcome: verdict.state });
  return { delivery, at, outcome, verdict, endedAt: performance.now() };
}
