"use client";

import { useAnnounce } from "@/components/ui/announcer";
import type { OpenedForm } from "@/components/ui/form-on-demand";
import { useChangeWebhook } from "@/lib/browser/webhooks/webhooks";
import type { CatalogueEnvironment } from "@/lib/shared/environment";
import type { Webhook } from "@/lib/shared/webhook-schemas";
import { webhookFormValues } from "./webhook-fields";
import { WebhookForm } from "./webhook-form";

type ChangeWebhookFormProps = OpenedForm & { webhook: Webhook; environments: readonly CatalogueEnvironment[] };

/** An endpoint's name, URL, events and environments, changed; its format stays. The page then shows what was saved. */
export function ChangeWebhookForm({ webhook, environments, titleId, close }: ChangeWebhookFormProps) {
  const change = useChangeWebhook(webhook.id);
  const announce = useAnnounce();
  return (
    <WebhookForm
      id="webhook"
      titleId={titleId}
      submitLabel="Save changes"
      busyLabel="Saving…"
      defaultValues={webhookFormValues(webhook)}
      environments={environments}
      withFormat={false}
      save={async ({ name, url, events, environments: chosen }) => {
        const changed = await change.mutateAsync({ name, url, events, environments: chosen });
        announce(`Saved the endpoint ${changed.name}`);
        close();
      }}
      onCancel={close}
    />
  );
}
