import { leaveOnPurpose, leavingOnPurpose } from "./leaving-on-purpose";

type NavigateEvent = Event & { navigationType: string; cancelable: boolean };
type Navigation = EventTarget;

/**
 * Makes leaving the page ask first, until the returned function is called: a reload, closing the tab or another
 * address get the browser's own prompt (beforeunload); a click on an in-app link or on a control marked
 * `data-leaves-page` (Sign out) and, where the Navigation API exists, back and forward get `message` in a confirm.
 */
export function guardLeaving(message: string): () => void {
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (leavingOnPurpose()) return;
    event.preventDefault();
    event.returnValue = ""; // what browsers before the standard's preventDefault() look for
  };
  // Capturing on window runs before Next's Link handler, so a "no" stops the navigation before it starts.
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = event.target instanceof Element ? event.target.closest("a[href], [data-leaves-page]") : null;
    if (target instanceof HTMLAnchorElement) {
      if (target.target || target.hasAttribute("download") || target.origin !== window.location.origin) return;
      if (target.pathname === window.location.pathname && target.search === window.location.search) return;
    } else if (!target) return;
    if (!window.confirm(message)) {
      event.preventDefault();
      event.stopPropagation();
    } else if (!(target instanceof HTMLAnchorElement)) leaveOnPurpose(); // it leaves by a full load: no second prompt
  };
  const navigation = (window as { navigation?: Navigation }).navigation;
  const onNavigate = (event: Event) => {
    const { navigationType, cancelable } = event as NavigateEvent;
    if (navigationType === "traverse" && cancelable && !window.confirm(message)) event.preventDefault();
  };
  window.addEventListener("beforeunload", onBeforeUnload);
  window.addEventListener("click", onClick, true);
  navigation?.addEventListener("navigate", onNavigate);
  return () => {
    window.removeEventListener("beforeunload", onBeforeUnload);
    window.removeEventListener("click", onClick, true);
    navigation?.removeEventListener("navigate", onNavigate);
  };
}
