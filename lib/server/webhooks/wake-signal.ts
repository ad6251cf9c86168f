import "server-only";
import { remember } from "@epic-web/remember";

// Who queues deliveries (the audit trail, live events, requests, jobs) tells the delivery worker without importing it:
// the worker's own imports reach the audit trail, and a wake must not close that circle. One per process.
const listeners = () => remember("webhook-wake", () => new Set<() => void>());

/** After a commit that queued deliveries here: the worker looks for them now rather than at its next tick. */
export function wakeWebhooks(): void {
  for (const listener of listeners()) listener();
}

export function onWebhookWake(listener: () => void): () => void {
  listeners().add(listener);
  return () => listeners().delete(listener);
}
