"use client";

import { useId, useState } from "react";

const SHORT = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const FULL = new Intl.DateTimeFormat(undefined, { dateStyle: "full", timeStyle: "long" });

/** The time in the browser's time zone, and in full (to the second, with the zone and in UTC) on hover or focus. */
export function LocalTime({ iso }: { iso: string }) {
  const tipId = useId();
  // Escape hides the full time until focus or the pointer leaves (WCAG 1.4.13: dismissable without moving).
  const [dismissed, setDismissed] = useState(false);
  const date = new Date(iso);
  return (
    <span className={dismissed ? "tip tip-dismissed" : "tip"} onMouseLeave={() => setDismissed(false)}>
      <time
        dateTime={iso}
        tabIndex={0}
        aria-describedby={tipId}
        onBlur={() => setDismissed(false)}
        onKeyDown={(event) => event.key === "Escape" && setDismissed(true)}
      >
        {SHORT.format(date)}
      </time>
      <span role="tooltip" id={tipId} className="tip-text">
        {FULL.format(date)} ({iso})
      </span>
    </span>
  );
}
