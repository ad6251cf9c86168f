import Link from "next/link";
import { Button } from "@/components/ui/button";
import type { SavedView } from "@/lib/browser/views/saved-views";

/** The dialog a choice in the list opens, or "Save view…" from the menu. */
export type ViewDialogState =
  | { kind: "save" }
  | { kind: "edit"; view: SavedView }
  | { kind: "delete"; view: SavedView };

type ViewsListProps = {
  views: readonly SavedView[];
  /** The id in the address's `view=`: that link is marked as the current one. */
  openedFrom: string | null;
  href: (view: SavedView) => string;
  /** An admin may delete anyone's shared view. */
  canDeleteShared: boolean;
  onChoose: () => void;
  onDialog: (dialog: ViewDialogState) => void;
};

function whose(view: SavedView): string {
  if (!view.shared) return "Only you";
  return view.mine ? "Shared" : `Shared by ${view.owner}`;
}

export function ViewsList({ views, openedFrom, href, canDeleteShared, onChoose, onDialog }: ViewsListProps) {
  if (views.length === 0) return <p className="muted">No saved views yet.</p>;
  return (
    <ul className="views-list" aria-label="Saved views">
      {views.map((view) => (
        <li key={view.id}>
          <span className="views-item">
            <Link href={href(view)} onClick={onChoose} aria-current={view.id === openedFrom ? "true" : undefined}>
              {view.name}
            </Link>
            <span className="views-owner">{whose(view)}</span>
          </span>
          {(view.mine || (view.shared && canDeleteShared)) && (
            <span className="views-actions">
              {view.mine && (
                <Button small variant="secondary" onClick={() => onDialog({ kind: "edit", view })}>
                  Edit<span className="visually-hidden"> {view.name}</span>
                </Button>
              )}
              <Button small variant="secondary" onClick={() => onDialog({ kind: "delete", view })}>
                Delete<span className="visually-hidden"> {view.name}</span>
              </Button>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
