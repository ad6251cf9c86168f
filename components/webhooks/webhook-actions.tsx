"use client";

import { useRef, useState } from "react";
import { useAnnounce } from "@/components/ui/announcer";
import { Button } from "@/components/ui/button";
import { NewSecret } from "@/components/ui/new-secret";
import { describeError } from "@/lib/browser/describe-error";
import { useChangeWebhook, useRotateSecret, useSendTestEvent } from "@/lib/browser/webhooks/webhooks";
import type { Webhook } from "@/lib/shared/webhook-schemas";
import { DeleteWebhookDialog } from "./delete-webhook-dialog";
import { FailureMessage } from "@/components/ui/failure-message";

/** Send a test event, switch the endpoint off or on, rotate its secret (shown once), delete it. */
export function WebhookActions({ webhook }: { webhook: Webhook }) {
  const sendTest = useSendTestEvent(webhook.id);
  const change = useChangeWebhook(webhook.id);
  const rotate = useRotateSecret(webhook.id);
  const announce = useAnnounce();
  const [failure, setFailure] = useState<string>();
  const [deleting, setDeleting] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);

  const run = async (action: () => Promise<unknown>, done: string) => {
    setFailure(undefined);
    try {
      await action();
      announce(done);
    } catch (error) {
      setFailure(describeError(error));
    }
  };
  const busy = sendTest.isPending || change.isPending || rotate.isPending;
  const secret = rotate.data?.secret;

  return (
    <>
      <FailureMessage failure={failure} />
      {secret && (
        <NewSecret
          title={`Copy the new signing secret of “${webhook.name}” now`}
          label="The new signing secret"
          advice={`Give it to the receiver: the old one also signs for a while (WEBHOOK_SECRET_OVERLAP_HOURS), then stops.`}
          secret={secret}
          // Done forgets the secret: it is kept only in the mutation's answer.
          onDone={() => rotate.reset()}
        />
      )}
      <div className="actions">
        <Button
          disabled={busy || !webhook.enabled}
          onClick={() => void run(() => sendTest.mutateAsync(), "Test event queued")}
        >
          Send a test event
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() =>
            void run(
              () => change.mutateAsync({ enabled: !webhook.enabled }),
              webhook.enabled ? "Switched off" : "Switched on",
            )
          }
        >
          {webhook.enabled ? "Switch off" : "Switch on"}
        </Button>
        {webhook.format === "standard" && (
          <Button
            variant="secondary"
            disabled={busy || secret !== undefined}
            onClick={() => void run(() => rotate.mutateAsync(), "New signing secret made")}
          >
            Rotate secret
          </Button>
        )}
        <Button variant="secondary" ref={deleteButton} onClick={() => setDeleting(true)}>
          Delete
        </Button>
      </div>
      {deleting && (
        <DeleteWebhookDialog
          webhook={webhook}
          onClose={() => {
            setDeleting(false);
            // Still here when it was cancelled (or failed); after a delete the page is being left.
            if (deleteButton.current?.isConnected) deleteButton.current.focus();
          }}
        />
      )}
    </>
  );
}
