/** What a live event says was made, and how: the form, an import, a promotion, or another system at the service. */
export const LIVE_VIAS = ["form", "import", "promotion", "service"] as const;
export type LiveVia = (typeof LIVE_VIAS)[number];

export const LIVE_EVENT_TYPES = ["category-created", "job-updated", "resync"] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/** The stream's reconnect delay, sent as `retry:`. */
export const LIVE_RETRY_MS = 3_000;
