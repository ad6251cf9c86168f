"use client";

import { useEffect, useRef, useState } from "react";
import { useAnnounce } from "@/components/ui/announcer";
import { Button } from "@/components/ui/button";
import { describeError } from "@/lib/browser/describe-error";
import { type SavedView, useDeleteView } from "@/lib/browser/views/saved-views";
import type { ViewPage } from "@/lib/shared/saved-view-schemas";

type DeleteViewDialogProps = {
  page: ViewPage;
  view: SavedView;
  onDeleted: (id: string) => void;
  onClose: () => void;
};

/** The confirmation before a view is deleted: it names the view, and says who else loses it. */
export function DeleteViewDialog({ page, view, onDeleted, onClose }: DeleteViewDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const remove = useDeleteView(page);
  const announce = useAnnounce();
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    dialogRef.current?.showModal();
    // Nothing brings a deleted view back, so the focus starts on the choice that deletes nothing.
    cancelRef.current?.focus();
  }, []);

  const confirm = async () => {
    setFailure(undefined);
    try {
      await remove.mutateAsync(view.id);
      announce(`Deleted the view “${view.name}”`);
      onDeleted(view.id);
      dialogRef.current?.close();
    } catch (error) {
      setFailure(describeError(error));
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className="dialog"
      aria-labelledby="delete-view-title"
      aria-describedby="delete-view-text"
      onCancel={(event) => remove.isPending && event.preventDefault()}
      onClose={onClose}
    >
      <h2 id="delete-view-title">Delete the view “{view.name}”?</h2>
      <p id="delete-view-text">
        {view.shared ? "It is shared: it goes from everyone’s Views menu. " : ""}A deleted view cannot be brought back.
      </p>
      {failure && (
        <p role="alert" className="field-error">
          {failure}
        </p>
      )}
      <div className="actions">
        <Button onClick={confirm} disabled={remove.isPending}>
          {remove.isPending ? "Deleting…" : "Delete"}
        </Button>
        <Button
          ref={cancelRef}
          variant="secondary"
          onClick={() => dialogRef.current?.close()}
          disabled={remove.isPending}
        >
          Cancel
        </Button>
      </div>
    </dialog>
  );
}
