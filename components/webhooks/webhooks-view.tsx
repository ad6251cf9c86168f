"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import type { Column } from "@/components/ui/data-table";
import { FormLoading, FormOnDemand } from "@/components/ui/form-on-demand";
import { LocalTime } from "@/components/ui/local-time";
import { QueryTable } from "@/components/ui/query-table";
import { useWebhooks } from "@/lib/browser/webhooks/webhooks";
import type { CatalogueEnvironment } from "@/lib/shared/environment";
import type { ListedWebhook } from "@/lib/shared/webhook-schemas";
import { FORMAT_WORDS, environmentWords, stateWords } from "./webhook-words";

const AddWebhookForm = dynamic(() => import("./add-webhook-form").then((module) => module.AddWebhookForm), {
  loading: FormLoading,
});

/** Every endpoint with its last delivery, and the form that adds one, loaded when it is opened. */
export function WebhooksView({ environments }: { environments: readonly CatalogueEnvironment[] }) {
  return (
    <>
      <h2>Endpoints</h2>
      <QueryTable
        query={useWebhooks()}
        errorTitle="The endpoints could not be read"
        noun={["endpoint", "endpoints"]}
        label="Endpoints"
        caption="Webhook endpoints by name, with their last delivery."
        columns={COLUMNS}
        rowKey={(webhook) => webhook.id}
      />
      <FormOnDemand id="new-webhook" label="Add an endpoint">
        {(form) => <AddWebhookForm environments={environments} {...form} />}
      </FormOnDemand>
    </>
  );
}

const COLUMNS: Column<ListedWebhook>[] = [
  {
    label: "Name",
    cell: (webhook) => <Link href={`/settings/notifications/${webhook.id}`}>{webhook.name}</Link>,
  },
  { label: "Format", cell: (webhook) => FORMAT_WORDS[webhook.format] },
  { label: "Events", cell: (webhook) => webhook.events.join(", ") },
  { label: "Environments", cell: environmentWords },
  { label: "State", cell: stateWords, className: "cell-state" },
  {
    label: "Last delivery",
    className: "cell-state",
    cell: ({ lastDelivery }) =>
      lastDelivery ? (
        <>
          {lastDelivery.state} ({lastDelivery.type}), <LocalTime iso={lastDelivery.at} />
        </>
      ) : (
        "None yet"
      ),
  },
];
