"use client";

import dynamic from "next/dynamic";
import { FormLoading, FormOnDemand } from "@/components/ui/form-on-demand";
import { LoadErrorAlert } from "@/components/ui/load-error-alert";
import { LocalTime } from "@/components/ui/local-time";
import { useWebhook } from "@/lib/browser/webhooks/webhooks";
import type { CatalogueEnvironment } from "@/lib/shared/environment";
import { DeliveriesTable } from "./deliveries-table";
import { WebhookActions } from "./webhook-actions";
import { FORMAT_WORDS, environmentWords, stateWords } from "./webhook-words";

const ChangeWebhookForm = dynamic(() => import("./change-webhook-form").then((module) => module.ChangeWebhookForm), {
  loading: FormLoading,
});

type WebhookViewProps = { id: string; environments: readonly CatalogueEnvironment[] };

/** One endpoint: what it is, what can be done to it, its recent deliveries, and its form, loaded when it is opened. */
export function WebhookView({ id, environments }: WebhookViewProps) {
  const query = useWebhook(id);
  const webhook = query.data;
  if (!webhook)
    return (
      <>
        <h1>Notification endpoint</h1>
        {query.error ? (
          <LoadErrorAlert
            title="The endpoint could not be read"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <p role="status">Loading…</p>
        )}
      </>
    );
  return (
    <>
      <h1>{webhook.name}</h1>
      <dl className="facts">
        <dt>URL</dt>
        <dd className="url">{webhook.url}</dd>
        <dt>Format</dt>
        <dd>{FORMAT_WORDS[webhook.format]}</dd>
        <dt>Events</dt>
        <dd>{webhook.events.join(", ")}</dd>
        <dt>Environments</dt>
        <dd>{environmentWords(webhook)}</dd>
        <dt>State</dt>
        <dd>{stateWords(webhook)}</dd>
        <dt>Added</dt>
        <dd>
          by {webhook.createdBy} on <LocalTime iso={webhook.createdAt} />
        </dd>
      </dl>
      <WebhookActions webhook={webhook} />
      <section className="stack" aria-labelledby="deliveries-title">
        <h2 id="deliveries-title">Recent deliveries</h2>
        <DeliveriesTable webhookId={webhook.id} />
      </section>
      <FormOnDemand id="webhook" label="Change the endpoint">
        {(form) => <ChangeWebhookForm webhook={webhook} environments={environments} {...form} />}
      </FormOnDemand>
    </>
  );
}
