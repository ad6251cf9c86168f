"use client";

import { ActionDialog } from "@/components/ui/action-dialog";
import { useAnnounce } from "@/components/ui/announcer";
import { useRemoveServiceAccount } from "@/lib/browser/service-accounts/service-accounts";

type RemoveAccountDialogProps = { username: string; tokens: number; onClose: () => void };

/** The confirmation before an account goes, with its tokens. */
export function RemoveAccountDialog({ username, tokens, onClose }: RemoveAccountDialogProps) {
  const remove = useRemoveServiceAccount();
  const announce = useAnnounce();
  return (
    <ActionDialog
      id="remove-account"
      title={`Remove the service account ${username}?`}
      text={`${consequence(tokens)} History keeps what it did.`}
      confirmLabel="Remove"
      busyLabel="Removing…"
      action={async () => {
        await remove.mutateAsync(username);
        announce(`Removed the service account ${username}`);
      }}
      onClose={onClose}
    />
  );
}

function consequence(tokens: number): string {
  if (tokens === 0) return "It has no tokens.";
  return tokens === 1 ? "Its token stops working at once." : `Its ${tokens} tokens stop working at once.`;
}
