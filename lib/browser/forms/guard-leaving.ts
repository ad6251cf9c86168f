type NavigateEvent = Event & { navigationType: string; cancelable: boolean };
type Navigation = EventTarget;

// In-app links, controls marked data-leaves-page (Sign out) and back/forward get a confirm; the rest beforeunload.
export function guardLeaving(message: string): () => void {
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    event.preventDefault();
    event.returnValue = ""; // what browsers before the standard's preventDefault() look for
  };
  // Capturing on window runs before Next's Link handler, so a "no" stops the navigation before it starts.
  const onClick = (event: MouseEvent) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const target = event.target instanceof Element ? event.target.closest("a[href], [data-leaves-page]") : null;
    if (target instanceof HTMLAnchorElement) {
      if (target.target || target.hasAttribute("download") || target.origin !== window.location.origin) return;
      if (target.pathname === window.location.pathname && target.search === window.location.search) return;
    } else if (!target) return;
    if (!window.confirm(message)) {
      event.preventDefault();
      event.stopPropagation();
    } else if (!(target instanceof HTMLAnchorElement)) release(); // it leaves by a full load: no second prompt
  };
  const navigation = (window as { navigation?: Navigation }).navigation;
  const onNavigate = (event: Event) => {
    const { navigationType, cancelable } = event as NavigateEvent;
    if (navigationType === "traverse" && cancelable && !window.confirm(message)) event.preventDefault();
  };
  const release = () => {
    window.removeEventListener("beforeunload", onBeforeUnload);
    window.removeEventListener("click", onClick, true);
    navigation?.removeEventListener("navigate", onNavigate);
  };
  window.addEventListener("beforeunload", onBeforeUnload);
  window.addEventListener("click", onClick, true);
  navigation?.addEventListener("navigate", onNavigate);
  return release;
}
