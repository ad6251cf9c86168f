"use client";

import { useLiveState } from "@/lib/browser/live/live-state";

const WORDS = { live: "Live", reconnecting: "Reconnecting…" } as const;

/**
 * Whether what colleagues do shows at once. Plain text, not a live region: a flip of the connection is no news worth
 * interrupting a screen reader for, and the pages poll while it is down. Nothing while the stream is off.
 */
export function LiveStatus() {
  const state = useLiveState();
  if (state !== "live" && state !== "reconnecting") return null;
  return (
    <span className={`live-status live-status-${state}`}>
      <span className="visually-hidden">Updates: </span>
      {WORDS[state]}
    </span>
  );
}
