"use client";

import { ActionDialog } from "@/components/ui/action-dialog";
import { useAnnounce } from "@/components/ui/announcer";
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
  const remove = useDeleteView(page);
  const announce = useAnnounce();
  return (
    <ActionDialog
      id="delete-view"
      title={`Delete the view “${view.name}”?`}
      text={`${view.shared ? "It is shared: it goes from everyone’s Views menu. " : ""}A deleted view cannot be brought back.`}
      confirmLabel="Delete"
      busyLabel="Deleting…"
      action={async () => {
        await remove.mutateAsync(view.id);
        announce(`Deleted the view “${view.name}”`);
        onDeleted(view.id);
      }}
      onClose={onClose}
    />
  );
}
