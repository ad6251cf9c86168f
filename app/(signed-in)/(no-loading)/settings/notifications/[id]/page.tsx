import { QueryClient, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ListHydration } from "@/components/shell/list-hydration";
import { NotAllowed } from "@/components/shell/not-allowed";
import { WebhookView } from "@/components/webhooks/webhook-view";
import { requirePageUser } from "@/lib/server/auth/page-user";
import { configuredEnvironments } from "@/lib/server/config/environments";
import { listDeliveries } from "@/lib/server/webhooks/delivery-store";
import { readWebhook } from "@/lib/server/webhooks/webhook-store";
import { deliveriesKey, webhookKey } from "@/lib/shared/webhook-schemas";

export const metadata: Metadata = { title: "Notification endpoint" };

// Outside any loading.tsx, as the job pages are: nothing is sent before the endpoint is read, so an unknown id is a
// real 404. A viewer is refused before it is looked for.
export default async function WebhookPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requirePageUser();
  if (user.role !== "admin")
    return (
      <div className="stack">
        <h1>Notification endpoint</h1>
        <NotAllowed what="manage notifications" />
      </div>
    );
  const webhook = await readWebhook(id);
  if (!webhook) notFound();
  // The browser starts from these reads and keeps them fresh. The deliveries come with the page, so they never arrive
  // later and push the form under them down.
  const queryClient = new QueryClient();
  queryClient.setQueryData(webhookKey(webhook.id), webhook);
  queryClient.setQueryData(deliveriesKey(webhook.id), await listDeliveries(webhook.id));
  return (
    <div className="stack">
      <Link href="/settings/notifications" className="back-link">
        All endpoints
      </Link>
      <ListHydration state={dehydrate(queryClient)}>
        <WebhookView id={webhook.id} environments={configuredEnvironments()} />
      </ListHydration>
    </div>
  );
}
