import type { Webhook } from "@/lib/shared/webhook-schemas";

/** Which environments' events an endpoint gets. */
export const environmentWords = (webhook: Pick<Webhook, "environments">) => webhook.environments?.join(", ") ?? "All";

/** On, or switched off and why (by an admin, a 410 from the receiver, days of failures). */
export const stateWords = (webhook: Pick<Webhook, "enabled" | "disabledReason">) =>
  webhook.enabled ? "On" : `Switched off${webhook.disabledReason ? `: ${webhook.disabledReason}` : ""}`;

export const FORMAT_WORDS = { standard: "Standard Webhooks", slack: "Slack", teams: "Teams" } as const;
