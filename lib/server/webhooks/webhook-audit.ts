import "server-only";
import { writeAudit } from "@/lib/server/audit/audit-trail";
import type { Db } from "@/lib/server/db/database";
import type { Webhook } from "@/lib/shared/webhook-schemas";

type Context = { actor?: string; requestId?: string };
type Action = "webhook_created" | "webhook_changed" | "webhook_secret_rotated" | "webhook_deleted" | "webhook_disabled";

// Never the secret, nor the URL's path and query: a Slack or Teams URL is the secret of its channel.
const about = (webhook: Webhook) => ({
  webhookId: webhook.id,
  webhookName: webhook.name,
  format: webhook.format,
  host: new URL(webhook.url).host,
});

/** In `db`, the transaction of the change: an endpoint changes only with its entry in History. */
export async function recordWebhookEvent(
  db: Db,
  action: Action,
  webhook: Webhook,
  context: Context,
  extra: { events?: string; reason?: string; previousName?: string } = {},
): Promise<void> {
  await writeAudit(db, [{ action, ...context, details: { ...about(webhook), ...extra } }]);
}
