import type * as z from "zod/mini";
import { categoriesAddressFields, viewFromParams, viewToSearch } from "./categories-address";
import { compareAddressFields, compareSearchesToQuery, readCompareSearches } from "./compare-address";
import { HISTORY_FILTERS, historyAddressFields, historyHref, readHistoryView } from "./history-address";
import type { ViewPage } from "./saved-view-schemas";

type PageAddress = {
  /** The parameters a view keeps, each checked by the schema the page reads it with. */
  fields: Record<string, z.ZodMiniType>;
  /** The query as the page itself writes it for those parameters, without `?`. */
  write: (params: URLSearchParams) => string;
};

const withoutMark = (href: string) => href.replace(/^[^?]*\??/, "");

const PAGES: Record<ViewPage, PageAddress> = {
  categories: { fields: categoriesAddressFields, write: (params) => withoutMark(viewToSearch(viewFromParams(params))) },
  // A view is the filters; before and after are a place in the pages, stale by the time the view is opened again.
  history: {
    fields: Object.fromEntries(HISTORY_FILTERS.map((name) => [name, historyAddressFields[name]])),
    write: (params) => withoutMark(historyHref({ ...readHistoryView(params), before: "", after: "" })),
  },
  compare: { fields: compareAddressFields, write: (params) => compareSearchesToQuery(readCompareSearches(params)) },
};

type NormalisedViewQuery = { query: string } | { fields: { query: string } };

/**
 * A page's address query as a saved view keeps it: only the parameters the page knows, written as the page writes
 * them (empty ones left out), so two queries that show the same compare equal. A value the page's schema refuses is
 * an error naming it, for the `query` field. The server stores this; the Views menu compares with it ("Changed").
 */
export function normaliseViewQuery(page: ViewPage, query: string): NormalisedViewQuery {
  const params = new URLSearchParams(query);
  const { fields, write } = PAGES[page];
  for (const [name, schema] of Object.entries(fields)) {
    // The page reads the first of a repeated parameter, and an empty one as none.
    const value = params.get(name);
    if (!value) continue;
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      return { fields: { query: parsed.error.issues[0]?.message ?? `${name} is not a value this page reads` } };
  }
  return { query: write(params) };
}
