/**
 * Puts the focus back on `target` when a dialog's close event comes, unless it has already moved on. The browser puts
 * it back on the opener as the dialog closes; the event comes later, as a task, by when a quick keyboard user may have
 * tabbed elsewhere, and taking the focus back then would send their next key to the opener.
 */
export function focusAfterClose(dialog: HTMLDialogElement | null, target: HTMLElement | null): void {
  const active = document.activeElement;
  const movedOn = active !== null && active !== document.body && active !== target && !dialog?.contains(active);
  if (!movedOn) target?.focus();
}
