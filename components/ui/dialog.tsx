"use client";

import { type ReactNode, type RefObject, useEffect } from "react";
import { Button } from "./button";

/**
 * Shows a dialog as a modal. The browser puts the focus on its first field; a confirmation's starts on Cancel (marked
 * data-autofocus), the choice that changes nothing.
 */
export function openModal(dialog: HTMLDialogElement | null): void {
  dialog?.showModal();
  dialog?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
}

type ModalDialogProps = {
  ref: RefObject<HTMLDialogElement | null>;
  titleId: string;
  textId?: string;
  /** An answer is awaited: Escape leaves the dialog open, so that what the answer says is seen. */
  busy: boolean;
  /** Shown once mounted, for a dialog rendered only while open; else its opener calls openModal. */
  openOnMount?: boolean;
  /** The close event, a task after the dialog closed: the page says where the focus goes. */
  onClose: () => void;
  children: ReactNode;
};

/** A native modal <dialog>, so the focus stays inside until it closes: every dialog of the app, forms included. */
export function ModalDialog({ ref, titleId, textId, busy, openOnMount, onClose, children }: ModalDialogProps) {
  useEffect(() => {
    if (openOnMount) openModal(ref.current);
  }, [openOnMount, ref]);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
      onClose={onClose}
    >
      {children}
    </dialog>
  );
}

type ConfirmDialogProps = Omit<ModalDialogProps, "titleId" | "textId" | "children"> & {
  /** The start of the title's and the text's ids. */
  id: string;
  title: ReactNode;
  text: ReactNode;
  /** The confirm button's words, which say when it is busy ("Adding…"). */
  confirmLabel: ReactNode;
  onConfirm: () => void;
  children?: ReactNode;
};

/**
 * A question before something that cannot be undone: its title and text, then (children) what a failed confirm says,
 * the confirm button and Cancel. Cancel and Escape do nothing while the confirm is under way.
 */
export function ConfirmDialog({ id, title, text, confirmLabel, onConfirm, children, ...dialog }: ConfirmDialogProps) {
  return (
    <ModalDialog titleId={`${id}-title`} textId={`${id}-text`} {...dialog}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-text`}>{text}</p>
      {children}
      <div className="actions">
        <Button onClick={onConfirm} disabled={dialog.busy}>
          {confirmLabel}
        </Button>
        <Button data-autofocus variant="secondary" onClick={() => dialog.ref.current?.close()} disabled={dialog.busy}>
          Cancel
        </Button>
      </div>
    </ModalDialog>
  );
}
