import { QueryClient, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { ListHydration } from "@/components/shell/list-hydration";
import { NotAllowed } from "@/components/shell/not-allowed";
import { WebhooksView } from "@/components/webhooks/webhooks-view";
import { requirePageUser } from "@/lib/server/auth/page-user";
import { configuredEnvironments } from "@/lib/server/config/environments";
import { listWebhooks } from "@/lib/server/webhooks/webhook-store";
import { webhookListKey } from "@/lib/shared/webhook-schemas";

export const metadata: Metadata = { title: "Notifications" };

export default async function NotificationsPage() {
  const user = await requirePageUser();
  if (user.role !== "admin")
    return (
      <div className="stack">
        <h1>Notifications</h1>
        <NotAllowed what="manage notifications" />
      </div>
    );
  // The endpoints come with the page, so they never arrive later and push the form under them down. Per request: a
  // shared client would hand one request's list to another's page.
  const queryClient = new QueryClient();
  queryClient.setQueryData(webhookListKey, await listWebhooks());
  return (
    <div className="stack">
      <h1>Notifications</h1>
      <p className="muted">
        Endpoints that receive the app&apos;s events as they happen: a receiver of your own, signed as Standard Webhooks
        says, or a Slack or Teams channel. A failed delivery is tried again for about three days.
      </p>
      <ListHydration state={dehydrate(queryClient)}>
        <WebhooksView environments={configuredEnvironments()} />
      </ListHydration>
    </div>
  );
}
