"use client";

import { useRef, useState } from "react";
import { useAnnounce } from "@/components/ui/announcer";
import { ConfirmDialog } from "@/components/ui/dialog";
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
  const remove = useDeleteView(page);
  const announce = useAnnounce();
  const [failure, setFailure] = useState<string>();

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
    <ConfirmDialog
      ref={dialogRef}
      id="delete-view"
      openOnMount
      title={`Delete the view “${view.name}”?`}
      text={`${view.shared ? "It is shared: it goes from everyone’s Views menu. " : ""}A deleted view cannot be brought back.`}
      confirmLabel={remove.isPending ? "Deleting…" : "Delete"}
      busy={remove.isPending}
      onConfirm={confirm}
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
