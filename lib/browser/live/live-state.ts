import { useSyncExternalStore } from "react";

/**
 * The live event stream of this tab: `off` before it opens and while it cannot be opened (the pages then poll as they
 * always did), `connecting` at the first try, `live` while open, `reconnecting` once it was live and is not.
 */
export type LiveState = "off" | "connecting" | "live" | "reconnecting";

let state: LiveState = "off";
const watchers = new Set<() => void>();

export function setLiveState(next: LiveState): void {
  if (next === state) return;
  state = next;
  for (const watcher of watchers) watcher();
}

export const liveState = (): LiveState => state;

const watch = (watcher: () => void) => {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
};

/** The stream's state; the server renders `off`, as a page without scripts has no stream. */
export function useLiveState(): LiveState {
  return useSyncExternalStore(watch, liveState, () => "off");
}
