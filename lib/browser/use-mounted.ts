import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

// False during the server render and hydration: for output only the browser can know (its clock, its time zone).
export function useMounted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
