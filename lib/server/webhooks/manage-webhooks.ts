import "server-only";
import { transaction } from "@/lib/server/db/database";
import { getConfig } from "@/lib/server/config/config";
import type { NewWebhook, Webhook, WebhookChange } from "@/lib/shared/webhook-schemas";
import { checkUrlAddresses } from "./address-check";
import { failPendingDeliveries } from "./delivery-lease";
import { recordWebhookEvent } from "./webhook-audit";
import { noSecretToRotate, urlNotAllowed, webhookNotFound } from "./webhook-errors";
import { newWebhookSecret, sealSecret } from "./webhook-secret";
import { deleteWebhook, insertWebhook, readWebhook, replaceSecret, updateWebhook } from "./webhook-store";

type Person = { username: string; requestId: string };

const context = (person: Person) => ({ actor: person.username, requestId: person.requestId });

/** Refuses, before anything is stored, a URL whose name resolves to an address the app may not reach. */
async function checkAtSave(url: string): Promise<void> {
  const refusal = await checkUrlAddresses(new URL(url));
  if (refusal) throw urlNotAllowed(refusal.message);
}

/** The endpoint, and for a standard one its secret: shown in this answer only. */
export async function createWebhook(
  webhook: NewWebhook,
  person: Person,
): Promise<{ webhook: Webhook; secret?: string }> {
  await checkAtSave(webhook.url);
  const secret = webhook.format === "standard" ? newWebhookSecret() : undefined;
  const sealed = secret === undefined ? null : await sealSecret(secret);
  const saved = await transaction(async (tx) => {
    const row = await insertWebhook(tx, webhook, sealed, person.username);
    await recordWebhookEvent(tx, "webhook_created", row, context(person), { events: row.events.join(" ") });
    return row;
  });
  return { webhook: saved, secret };
}

export async function changeWebhook(id: string, change: WebhookChange, person: Person): Promise<Webhook> {
  if (change.url !== undefined) await checkAtSave(change.url);
  const changed = await transaction(async (tx) => {
    const updated = await updateWebhook(tx, id, change);
    if (!updated) return undefined;
    const { webhook, before } = updated;
    if (before.enabled && !webhook.enabled) await failPendingDeliveries(tx, id, "the endpoint was switched off");
    const events = change.events === undefined ? undefined : webhook.events.join(" ");
    const previousName = before.name === webhook.name ? undefined : before.name;
    await recordWebhookEvent(tx, "webhook_changed", webhook, context(person), { events, previousName });
    return webhook;
  });
  if (!changed) throw webhookNotFound();
  return changed;
}

export async function removeWebhook(id: string, person: Person): Promise<void> {
  const deleted = await transaction(async (tx) => {
    const row = await deleteWebhook(tx, id);
    if (row) await recordWebhookEvent(tx, "webhook_deleted", row, context(person));
    return row;
  });
  if (!deleted) throw webhookNotFound();
}

/** A new secret, shown once; the old one keeps signing beside it for WEBHOOK_SECRET_OVERLAP_HOURS. */
export async function rotateSecret(id: string, person: Person): Promise<string> {
  const current = await readWebhook(id);
  if (!current) throw webhookNotFound();
  if (current.format !== "standard") throw noSecretToRotate();
  const secret = newWebhookSecret();
  const sealed = await sealSecret(secret);
  const rotated = await transaction(async (tx) => {
    const row = await replaceSecret(tx, id, sealed, getConfig().webhooks.secretOverlapMs);
    if (row) await recordWebhookEvent(tx, "webhook_secret_rotated", row, context(person));
    return row;
  });
  if (!rotated) throw webhookNotFound();
  return secret;
}
