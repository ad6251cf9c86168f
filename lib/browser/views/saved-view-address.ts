import type { ViewPage } from "@/lib/shared/saved-view-schemas";
import type { normaliseViewQuery } from "@/lib/shared/view-query";

/**
 * Where a saved view meets the page's address. `view=<id>` names the view the page was opened from; it is no part of
 * the view's own query, and the page's readers ignore it.
 */
export const VIEW_PARAM = "view";

type Params = Pick<URLSearchParams, "forEach">;

/**
 * Parameters that say where the person is rather than what they look at: the list's `environment` is its catalogue
 * (the server drops it from a list's view), so opening a view keeps the one of the current address. On History the
 * environment is a filter, part of the view.
 */
const PLACE_PARAMS: Record<ViewPage, readonly string[]> = { categories: ["environment"], history: [], compare: [] };

/** The page's own query in an address: what a new view saves, and what "Changed" compares. */
export function pageQuery(params: Params): string {
  const own = new URLSearchParams();
  params.forEach((value, name) => {
    if (name !== VIEW_PARAM) own.append(name, value);
  });
  return own.toString();
}

/** The address that opens `view` on `pathname`, in the place (environment) of the current address. */
export function viewHref(
  page: ViewPage,
  pathname: string,
  view: { id: string; query: string },
  current: Params,
): string {
  const params = new URLSearchParams(view.query);
  params.delete(VIEW_PARAM);
  current.forEach((value, name) => {
    if (PLACE_PARAMS[page].includes(name) && !params.has(name)) params.set(name, value);
  });
  params.set(VIEW_PARAM, view.id);
  return `${pathname}?${params.toString()}`;
}

/** `href` naming the view it shows (or none): for a page that rewrites its own address as its search changes. */
export function withViewParam(href: string, id: string | null): string {
  const [path = "", search = ""] = href.split("?", 2);
  const params = new URLSearchParams(search);
  if (id) params.set(VIEW_PARAM, id);
  else params.delete(VIEW_PARAM);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** Puts a page's own view in the address, still naming the saved view it was opened from, for its "Changed". */
export function showInAddress(href: string, history: "push" | "replace"): void {
  const url = withViewParam(href, new URLSearchParams(window.location.search).get(VIEW_PARAM));
  if (history === "push") window.history.pushState(null, "", url);
  else window.history.replaceState(null, "", url);
}

/** The server's own normal form of a page's query: parameters the page knows, as the page writes them. */
export type Normalise = typeof normaliseViewQuery;

/** Two queries show the same when the page reads them alike. A query the page would refuse is compared as it is. */
export function sameQuery(normalise: Normalise, page: ViewPage, a: string, b: string): boolean {
  const normal = (query: string) => {
    const result = normalise(page, query);
    return "query" in result ? result.query : query;
  };
  return normal(a) === normal(b);
}
