import { useEffect } from "react";

const loadGuard = () => import("./guard-leaving");

/**
 * While `active`, leaving the page asks first (see guardLeaving). Typed values are also kept as a draft
 * (useSessionDraft), so a "yes" loses nothing for good either. The guard's code loads once the page is up, outside
 * its first-load budget; it is in place a moment after the first keystroke.
 */
export function useConfirmLeave(active: boolean, message: string): void {
  useEffect(() => {
    void loadGuard().catch(() => {});
  }, []);
  useEffect(() => {
    if (!active) return;
    let release: (() => void) | undefined;
    let current = true;
    void loadGuard().then(
      ({ guardLeaving }) => {
        if (current) release = guardLeaving(message);
      },
      () => {}, // without the guard the draft still keeps what was typed
    );
    return () => {
      current = false;
      release?.();
    };
  }, [active, message]);
}
