"use client";

import { type ReactNode, useRef, useState } from "react";
import { describeError } from "@/lib/browser/describe-error";
import { ConfirmDialog } from "./dialog";
import { FailureMessage } from "./failure-message";

type ActionDialogProps = {
  /** The start of the title's and the text's ids. */
  id: string;
  title: ReactNode;
  text: ReactNode;
  /** The confirm button's words, and what it says while `action` runs ("Deleting…"). */
  confirmLabel: string;
  busyLabel: string;
  /** What the confirm does; the dialog closes once it succeeds. */
  action: () => Promise<void>;
  onClose: () => void;
};

/**
 * A confirmation shown at once whose confirm runs one change: busy while it runs (Cancel and Escape held), closed when
 * it succeeds, and its failure said inside, so it can be tried again or cancelled.
 */
export function ActionDialog({ confirmLabel, busyLabel, action, ...dialog }: ActionDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  const confirm = async () => {
    setFailure(undefined);
    setBusy(true);
    try {
      await action();
      ref.current?.close();
    } catch (error) {
      setFailure(describeError(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      ref={ref}
      openOnMount
      confirmLabel={busy ? busyLabel : confirmLabel}
      busy={busy}
      onConfirm={() => void confirm()}
      {...dialog}
    >
      <FailureMessage failure={failure} />
    </ConfirmDialog>
  );
}
