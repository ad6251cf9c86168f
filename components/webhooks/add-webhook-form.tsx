"use client";

import { useAnnounce } from "@/components/ui/announcer";
import type { OpenedForm } from "@/components/ui/form-on-demand";
import { NewSecret } from "@/components/ui/new-secret";
import { useAddWebhook } from "@/lib/browser/webhooks/webhooks";
import type { CatalogueEnvironment } from "@/lib/shared/environment";
import type { NewWebhook } from "@/lib/shared/webhook-schemas";
import type { WebhookFormInput } from "./webhook-fields";
import { WebhookForm } from "./webhook-form";

const EMPTY: WebhookFormInput = { name: "", url: "", format: "standard", events: [], environments: [] };

type AddWebhookFormProps = OpenedForm & { environments: readonly CatalogueEnvironment[] };

/** A new endpoint. A `standard` one's signing secret is shown once, in place of the form, until Done closes both. */
export function AddWebhookForm({ environments, titleId, close }: AddWebhookFormProps) {
  const add = useAddWebhook();
  const announce = useAnnounce();
  const save = async (webhook: NewWebhook) => {
    const { webhook: added, secret } = await add.mutateAsync(webhook);
    if (secret) return;
    announce(`Added the endpoint ${added.name}`);
    close();
  };

  // The secret is kept only in the mutation's answer, which goes when Done closes the form.
  const created = add.data;
  if (created?.secret)
    return (
      <NewSecret
        title={`Copy the signing secret of “${created.webhook.name}” now`}
        label="The signing secret"
        advice="Give it to the receiver, which checks each request's signature with it."
        secret={created.secret}
        onDone={close}
      />
    );
  return (
    <WebhookForm
      id="new-webhook"
      titleId={titleId}
      submitLabel="Add endpoint"
      busyLabel="Adding…"
      defaultValues={EMPTY}
      environments={environments}
      withFormat
      save={save}
      onCancel={close}
    />
  );
}
