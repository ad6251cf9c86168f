"use client";

import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import type { MouseEvent } from "react";
import { Button, ButtonLink } from "@/components/ui/button";
import { LoadErrorAlert } from "@/components/ui/load-error-alert";
import { exportHref, useAuditPage } from "@/lib/browser/history/history";
import { VIEW_PARAM, withViewParam } from "@/lib/browser/views/saved-view-address";
import type { AuditPage } from "@/lib/shared/audit-schemas";
import type { CatalogueEnvironment } from "@/lib/shared/environment";
import {
  type HistoryView as View,
  filtersOf,
  historyHref as pageHref,
  readHistoryView,
} from "@/lib/shared/history-address";
import { count } from "@/lib/shared/plural";
import { HistoryFilters } from "./history-filters";
import { HistoryTable } from "./history-table";

const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

function summary(view: View, page: AuditPage): string {
  const [newest, oldest] = [page.entries.at(0), page.entries.at(-1)];
  if (!newest || !oldest) return view.after ? "No newer events." : "No events match these filters.";
  const where = view.before || view.after ? "" : ", the newest";
  const span = `${WHEN.format(new Date(newest.time))} to ${WHEN.format(new Date(oldest.time))}`;
  return `${count(page.entries.length, "event", "events")}${where}: ${span}.`;
}

/** The environments this app serves, production first, and the one an address without ?environment= is in. */
type HistoryViewProps = { environments: CatalogueEnvironment[]; defaultEnvironment: CatalogueEnvironment };

export function HistoryView({ environments, defaultEnvironment }: HistoryViewProps) {
  const router = useRouter();
  const params = useSearchParams();
  const view = readHistoryView(params);
  // The saved view the page was opened from stays named as the filters change, so its menu can say "Changed".
  const openedFrom = params.get(VIEW_PARAM);
  const historyHref = (next: Partial<View>) => withViewParam(pageHref(next), openedFrom);
  const { data: page, error, isPending, isPlaceholderData, refetch } = useAuditPage(view);
  const showing = isPlaceholderData ? undefined : page;

  return (
    <>
      <HistoryFilters
        view={view}
        environments={environments}
        onApply={(filters) => router.push(historyHref(filters))}
      />
      {view.category && (
        <p className="notice">
          Showing only the events of category <strong className="cell-id">{view.category}</strong>.{" "}
          <Link href={historyHref({ ...filtersOf(view), category: "" })}>Show every category</Link>
        </p>
      )}
      <div className="page-head">
        {/* Announces each page as it arrives: how many events, from when to when. */}
        <p role="status" className="count">
          {showing ? summary(view, showing) : isPending || isPlaceholderData ? "Loading events…" : ""}
        </p>
        <Button variant="secondary" small onClick={() => window.location.assign(exportHref(view, new Date()))}>
          Export CSV
        </Button>
      </div>
      {error && !page ? (
        <LoadErrorAlert title="The history could not be read" error={error} onRetry={() => void refetch()} />
      ) : page ? (
        <>
          {page.entries.length > 0 && (
            <HistoryTable
              entries={page.entries}
              caption={`Events, newest first: ${summary(view, page)}`}
              busy={isPlaceholderData}
              defaultEnvironment={defaultEnvironment}
            />
          )}
          <nav className="pager" aria-label="Pages of events">
            <PageLink label="Newer" href={page.newer && historyHref({ ...filtersOf(view), after: page.newer })} />
            <PageLink label="Older" href={page.older && historyHref({ ...filtersOf(view), before: page.older })} />
            {(view.before || view.after) && (
              <ButtonLink href={historyHref(filtersOf(view))} variant="secondary" small>
                Newest
              </ButtonLink>
            )}
          </nav>
        </>
      ) : (
        <div className="skeleton" aria-hidden="true">
          <div className="skeleton-bar" />
          <div className="skeleton-bar" />
          <div className="skeleton-bar" />
        </div>
      )}
    </>
  );
}

// One element whether or not the page is there, so focus stays on it when it turns off at the last page. A page that is
// not there is still shown (the pager keeps its place) and still focusable, and says it is unavailable.
function PageLink({ label, href }: { label: string; href: string | null }) {
  const router = useRouter();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (href) router.push(href, { scroll: false });
  };
  return (
    <a
      className="button button-secondary button-small"
      href={href ?? undefined}
      role={href ? undefined : "link"}
      aria-disabled={href ? undefined : true}
      tabIndex={href ? undefined : 0}
      onClick={follow}
    >
      {label}
    </a>
  );
}
