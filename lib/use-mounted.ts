import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False during the server render and hydration, true after: for output that depends on the browser (its clock, its time zone). */
export function useMounted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
