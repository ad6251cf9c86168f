/** What a live event says was made, and how: the form, an import, a promotion, or another system at the service. */
export type LiveVia = "form" | "import" | "promotion" | "service";

export type LiveEventType = "category-created" | "job-updated" | "resync";

/** The stream's reconnect delay, sent as `retry:`. */
export const LIVE_RETRY_MS = 3_000;
