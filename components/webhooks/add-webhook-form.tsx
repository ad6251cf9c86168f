"use client";

import { useAnnounce } from "@/components/ui/announcer";
import { NewSecret } from "@/components/ui/new-secret";
import { useAddWebhook } from "@/lib/browser/webhooks/webhooks";
import type { CatalogueEnvironment } from "@/lib/shared/environment";
import type { NewWebhook } from "@/lib/shared/webhook-schemas";
import type { WebhookFormInput } from "./webhook-fields";
import { WebhookForm } from "./webhook-form";

const EMPTY: WebhookFormInput = { name: "", url: "", format: "standard", events: [], environments: [] };

/** A new endpoint. A `standard` one's signing secret is shown once, in place of the form, until Done. */
export function AddWebhookForm({ environments }: { environments: readonly CatalogueEnvironment[] }) {
  const add = useAddWebhook();
  const announce = useAnnounce();
  const save = async (webhook: NewWebhook) => {
    const { webhook: added, secret } = await add.mutateAsync(webhook);
    if (!secret) announce(`Added the endpoint ${added.name}`);
    return EMPTY;
  };

  // The secret is kept only in the mutation's answer: Done (reset) forgets it.
  const created = add.data;
  if (created?.secret)
    return (
      <NewSecret
        title={`Copy the signing secret of “${created.webhook.name}” now`}
        label="The signing secret"
        advice="Give it to the receiver, which checks each request's signature with it."
        secret={created.secret}
        onDone={() => add.reset()}
      />
    );
  return (
    <WebhookForm
      id="new-webhook"
      title="Add an endpoint"
      submitLabel="Add endpoint"
      busyLabel="Adding…"
      defaultValues={EMPTY}
      environments={environments}
      withFormat
      save={save}
    />
  );
}
