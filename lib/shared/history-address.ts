import * as z from "zod/mini";
import { historyFilterFields as fields } from "@/lib/shared/history-filters";

export const TIME_RANGES = {
  "": "Any time",
  hour: "Last hour",
  today: "Today",
  week: "Last 7 days",
  custom: "Custom range",
} as const;
export type TimeRange = keyof typeof TIME_RANGES;

const localTime = z.string().check(z.trim());

/** The History page's URL query: the filters a person chose, and where in the pages they are. */
export const historyAddressFields = {
  actor: fields.actor,
  action: fields.action,
  environment: fields.environment,
  range: z.enum(["hour", "today", "week", "custom"], { error: "range must be hour, today, week or custom" }),
  // Custom range bounds as a datetime-local control holds them: the person's own clock, no zone.
  from: localTime,
  to: localTime,
  q: fields.q,
  category: fields.category,
  before: fields.before,
  after: fields.after,
};

export type HistoryView = {
  [Name in keyof typeof historyAddressFields]: z.output<(typeof historyAddressFields)[Name]> | "";
};

/** What a person chose; the rest of the address (before, after) is a place in the pages. */
export const HISTORY_FILTERS = ["actor", "action", "environment", "range", "from", "to", "q", "category"] as const;

/** In a URL a value that does not fit is no filter, not an error: the page still shows the audit trail. */
export function readHistoryView(params: URLSearchParams): HistoryView {
  const entries = Object.entries(historyAddressFields).map(([name, schema]) => {
    const parsed = schema.safeParse(params.get(name) ?? "");
    return [name, parsed.success ? parsed.data : ""];
  });
  return Object.fromEntries(entries) as HistoryView;
}

/** The page's URL for a view: only what is set, so a URL says what was chosen and nothing else. */
export function historyHref(view: Partial<HistoryView>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(view)) {
    if (!value || ((name === "from" || name === "to") && view.range !== "custom")) continue;
    params.set(name, value);
  }
  const search = params.toString();
  return search ? `/history?${search}` : "/history";
}

/** What a person chose, without the place in the pages. */
export type ViewFilters = Pick<HistoryView, (typeof HISTORY_FILTERS)[number]>;

export const filtersOf = ({ actor, action, environment, range, from, to, q, category }: HistoryView): ViewFilters => ({
  actor,
  action,
  environment,
  range,
  from,
  to,
  q,
  category,
});

export const hasFilters = (view: HistoryView): boolean => HISTORY_FILTERS.some((name) => view[name] !== "");

const HOUR_MS = 3_600_000;

/** Resolved when the page is read, so "Last hour" stays the last hour in a bookmark; "Today" is local. */
function timeBounds({ range, from, to }: HistoryView, now: Date): { from?: Date; to?: Date } {
  const local = (text: string) => (text && !Number.isNaN(new Date(text).getTime()) ? new Date(text) : undefined);
  switch (range) {
    case "hour":
      return { from: new Date(now.getTime() - HOUR_MS) };
    case "today":
      return { from: new Date(new Date(now).setHours(0, 0, 0, 0)) };
    case "week":
      return { from: new Date(now.getTime() - 7 * 24 * HOUR_MS) };
    case "custom":
      return { from: local(from), to: local(to) };
    default:
      return {};
  }
}

/** The filters as GET /api/audit and its export take them. */
export function auditSearchParams(view: HistoryView, now: Date, { paged }: { paged: boolean }): URLSearchParams {
  const { from, to } = timeBounds(view, now);
  const params = new URLSearchParams();
  const set = (name: string, value: string | undefined) => value && params.set(name, value);
  set("actor", view.actor);
  set("action", view.action);
  set("environment", view.environment);
  set("from", from?.toISOString());
  set("to", to?.toISOString());
  set("q", view.q);
  set("category", view.category);
  if (paged) {
    set("before", view.before);
    set("after", view.after);
  }
  return params;
}
