"use client";

import { useRef, useState } from "react";
import { useAnnounce } from "@/components/ui/announcer";
import { ConfirmDialog } from "@/components/ui/dialog";
import { describeError } from "@/lib/browser/describe-error";
import { useRemoveServiceAccount } from "@/lib/browser/service-accounts/service-accounts";

type RemoveAccountDialogProps = { username: string; tokens: number; onClose: () => void };

/** The confirmation before an account goes, with its tokens. */
export function RemoveAccountDialog({ username, tokens, onClose }: RemoveAccountDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const remove = useRemoveServiceAccount();
  const announce = useAnnounce();
  const [failure, setFailure] = useState<string>();

  const confirm = async () => {
    setFailure(undefined);
    try {
      await remove.mutateAsync(username);
      announce(`Removed the service account ${username}`);
      dialogRef.current?.close();
    } catch (error) {
      setFailure(describeError(error));
    }
  };

  return (
    <ConfirmDialog
      ref={dialogRef}
      id="remove-account"
      openOnMount
      title={`Remove the service account ${username}?`}
      text={`${consequence(tokens)} History keeps what it did.`}
      confirmLabel={remove.isPending ? "Removing…" : "Remove"}
      busy={remove.isPending}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      {failure && (
        <p role="alert" className="field-error">
          {failure}
        </p>
      )}
    </ConfirmDialog>
  );
}

function consequence(tokens: number): string {
  if (tokens === 0) return "It has no tokens.";
  return tokens === 1 ? "Its token stops working at once." : `Its ${tokens} tokens stop working at once.`;
}
