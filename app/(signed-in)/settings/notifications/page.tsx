import type { Metadata } from "next";
import { NotAllowed } from "@/components/shell/not-allowed";
import { WebhooksView } from "@/components/webhooks/webhooks-view";
import { requirePageUser } from "@/lib/server/auth/page-user";
import { configuredEnvironments } from "@/lib/server/config/environments";

export const metadata: Metadata = { title: "Notifications" };

export default async function NotificationsPage() {
  const user = await requirePageUser();
  return (
    <div className="stack">
      <h1>Notifications</h1>
      {user.role === "admin" ? (
        <>
          <p className="muted">
            Endpoints that receive the app&apos;s events as they happen: a receiver of your own, signed as Standard
            Webhooks says, or a Slack or Teams channel. A failed delivery is tried again for about three days.
          </p>
          <WebhooksView environments={configuredEnvironments()} />
        </>
      ) : (
        <NotAllowed what="manage notifications" />
      )}
    </div>
  );
}
