import "server-only";
import type { Settings } from "@/lib/node/config-schema.mjs";

export type WebhookSettings = {
  /** CIDR ranges (WEBHOOK_ALLOWED_NETWORKS) whose addresses may be reached although private, loopback or reserved. */
  allowedNetworks: string[];
  timeoutMs: number;
  /** The waits between attempts: after the first attempt, the first wait, and so on. */
  retryScheduleMs: number[];
  disableAfterMs: number;
  secretOverlapMs: number;
};

export const readWebhookSettings = (settings: Settings): WebhookSettings => ({
  allowedNetworks: settings.WEBHOOK_ALLOWED_NETWORKS ?? [],
  timeoutMs: Math.round(settings.WEBHOOK_TIMEOUT_SECONDS * 1000),
  retryScheduleMs: settings.WEBHOOK_RETRY_SCHEDULE.map((wait) => Math.round(wait * 1000)),
  disableAfterMs: Math.round(settings.WEBHOOK_DISABLE_AFTER_HOURS * 3_600_000),
  secretOverlapMs: Math.round(settings.WEBHOOK_SECRET_OVERLAP_HOURS * 3_600_000),
});
