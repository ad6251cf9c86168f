"use client";

import { useRouter } from "next/navigation";
import { ActionDialog } from "@/components/ui/action-dialog";
import { useAnnounce } from "@/components/ui/announcer";
import { useRemoveWebhook } from "@/lib/browser/webhooks/webhooks";
import type { Webhook } from "@/lib/shared/webhook-schemas";

/** The confirmation before an endpoint goes, with its deliveries; then back to the list. */
export function DeleteWebhookDialog({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const remove = useRemoveWebhook(webhook.id);
  const announce = useAnnounce();
  const router = useRouter();
  return (
    <ActionDialog
      id="delete-webhook"
      title={`Delete the endpoint “${webhook.name}”?`}
      text="It receives no more events, and its deliveries are deleted with it. History keeps that it existed."
      confirmLabel="Delete"
      busyLabel="Deleting…"
      action={async () => {
        await remove.mutateAsync();
        announce(`Deleted the endpoint ${webhook.name}`);
        router.push("/settings/notifications");
      }}
      onClose={onClose}
    />
  );
}
