"use client";

import { useId, useState } from "react";
import { useMounted } from "@/lib/browser/use-mounted";

const SHORT = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const FULL = new Intl.DateTimeFormat(undefined, { dateStyle: "full", timeStyle: "long" });

/** What the server and the first render in the browser show: neither knows the reader's time zone yet. */
const utcText = (iso: string) => `${iso.replace("T", " ").slice(0, 16)} UTC`;

/**
 * The time in the browser's time zone, and in full (to the second, with the zone and in UTC) on hover or focus. A page
 * rendered on the server shows it in UTC until its scripts run, so that the browser's first render matches its HTML.
 */
export function LocalTime({ iso }: { iso: string }) {
  const tipId = useId();
  const mounted = useMounted();
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
        {mounted ? SHORT.format(date) : utcText(iso)}
      </time>
      <span role="tooltip" id={tipId} className="tip-text">
        {mounted ? `${FULL.format(date)} (${iso})` : iso}
      </span>
    </span>
  );
}
