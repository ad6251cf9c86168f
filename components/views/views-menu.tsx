"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { type FocusEvent, type KeyboardEvent, Suspense, lazy, useEffect, useId, useRef, useState } from "react";
import { useAnnounce } from "@/components/ui/announcer";
import { Button } from "@/components/ui/button";
import { describeError } from "@/lib/browser/describe-error";
import {
  type Normalise,
  VIEW_PARAM,
  pageQuery,
  sameQuery,
  viewHref,
  withViewParam,
} from "@/lib/browser/views/saved-view-address";
import { type SavedView, useChangeView, useSavedViews } from "@/lib/browser/views/saved-views";
import type { ViewPage } from "@/lib/shared/saved-view-schemas";
import { type ViewDialogState, ViewsList } from "./views-list";
import { FailureMessage } from "@/components/ui/failure-message";

// The dialogs load when first opened: the menu itself is on every list page, whose script budget is tight.
const ViewDialog = lazy(() => import("./view-dialog").then((module) => ({ default: module.ViewDialog })));
const DeleteViewDialog = lazy(() =>
  import("./delete-view-dialog").then((module) => ({ default: module.DeleteViewDialog })),
);

type ViewsMenuProps = { page: ViewPage; canDeleteShared: boolean };

/** The "Views" disclosure: the page's saved views as links, and what their owner can do with them. */
export function ViewsMenu({ page, canDeleteShared }: ViewsMenuProps) {
  const pathname = usePathname();
  const params = useSearchParams();
  const openedFrom = params.get(VIEW_PARAM);
  const query = pageQuery(params);
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<ViewDialogState | null>(null);
  const [failure, setFailure] = useState<string>();
  const { data: views, error, isPending } = useSavedViews(page, open || openedFrom !== null);
  const change = useChangeView(page);
  const announce = useAnnounce();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const current = views?.find((view) => view.id === openedFrom);
  const normalise = useNormaliser(openedFrom !== null);
  const changed = current !== undefined && normalise !== undefined && !sameQuery(normalise, page, current.query, query);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!buttonRef.current?.parentElement?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && open) {
      event.preventDefault();
      close();
    }
  };
  // Tabbing out of the list closes it, as leaving any other pop-up does.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget)) setOpen(false);
  };
  const openDialog = (next: ViewDialogState) => {
    setOpen(false);
    setFailure(undefined);
    setDialog(next);
  };
  const closeDialog = () => {
    setDialog(null);
    buttonRef.current?.focus();
  };
  // The page now shows that view: its address says so, for "Changed" and for whoever it is passed to.
  const showView = (id: string | null) =>
    window.history.replaceState(null, "", withViewParam(window.location.pathname + window.location.search, id));

  const update = async (view: SavedView) => {
    setFailure(undefined);
    try {
      await change.mutateAsync({ id: view.id, query });
      announce(`Updated the view “${view.name}”`);
      // Its button goes with "Changed": the focus goes back to the menu's button rather than to the page's start.
      close();
    } catch (updateError) {
      setFailure(describeError(updateError));
    }
  };

  return (
    <>
      <div className="views-menu" onKeyDown={onKeyDown} onBlur={onBlur}>
        <Button
          ref={buttonRef}
          variant="secondary"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          Views
          {changed && <span className="views-badge">Changed</span>}
        </Button>
        <div id={panelId} className="views-panel stack" hidden={!open}>
          {current && (
            <div className="views-current">
              <p>
                Opened from <strong>{current.name}</strong>
                {changed ? ". Changed since: the page no longer shows what the view saved." : "."}
              </p>
              {changed && (
                <div className="actions">
                  {current.mine && (
                    <Button small onClick={() => void update(current)} disabled={change.isPending}>
                      Update “{current.name}”
                    </Button>
                  )}
                  <Button small variant="secondary" onClick={() => openDialog({ kind: "save" })}>
                    Save as a new view…
                  </Button>
                </div>
              )}
            </div>
          )}
          <FailureMessage failure={failure} />
          {isPending ? (
            <p className="muted">Loading views…</p>
          ) : error ? (
            <p className="field-error">Couldn’t read the saved views. {describeError(error)}</p>
          ) : (
            <ViewsList
              views={views}
              openedFrom={openedFrom}
              href={(view) => viewHref(page, pathname, view, params)}
              canDeleteShared={canDeleteShared}
              onChoose={() => setOpen(false)}
              onDialog={openDialog}
            />
          )}
          {!changed && (
            <Button small onClick={() => openDialog({ kind: "save" })}>
              Save view…
            </Button>
          )}
        </div>
      </div>
      <Suspense>
        {dialog?.kind === "delete" ? (
          <DeleteViewDialog
            page={page}
            view={dialog.view}
            onDeleted={(id) => id === openedFrom && showView(null)}
            onClose={closeDialog}
          />
        ) : dialog ? (
          <ViewDialog
            page={page}
            query={query}
            editing={dialog.kind === "edit" ? dialog.view : undefined}
            onSaved={(view) => dialog.kind === "save" && showView(view.id)}
            onClose={closeDialog}
          />
        ) : null}
      </Suspense>
    </>
  );
}

/**
 * The pages' address readers, loaded only on a page opened from a view (to say "Changed"), and alongside its list of
 * views, which comes later anyway: on the others they would take a tenth of the page's script budget for nothing.
 */
function useNormaliser(needed: boolean): Normalise | undefined {
  const [normalise, setNormalise] = useState<Normalise>();
  useEffect(() => {
    if (needed && !normalise)
      void import("@/lib/shared/view-query").then((module) => setNormalise(() => module.normaliseViewQuery));
  }, [needed, normalise]);
  return normalise;
}
