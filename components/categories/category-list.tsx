"use client";

import Link from "next/link";
import { useDeferredValue, useEffect, useEffectEvent, useMemo, useRef } from "react";
import { useAnnounce } from "@/components/ui/announcer";
import { Button } from "@/components/ui/button";
import { LoadErrorAlert } from "@/components/ui/load-error-alert";
import { ViewsMenu } from "@/components/views/views-menu";
import { useAddressView } from "@/lib/browser/address-view";
import { useCategories, useJustCreated } from "@/lib/browser/categories/categories";
import { useSortedCategories } from "@/lib/browser/categories/use-sorted-categories";
import { type SortKey, searchSorted } from "@/lib/browser/categories/view";
import { downloadFile } from "@/lib/browser/download-file";
import { useEnvironmentPlace } from "@/lib/browser/environment-place";
import { useCreatedByOthers } from "@/lib/browser/live/live-categories";
import { useMounted } from "@/lib/browser/use-mounted";
import { showInAddress } from "@/lib/browser/views/saved-view-address";
import { type View, viewFromParams, viewToSearch } from "@/lib/shared/categories-address";
import { type Environment, inEnvironment } from "@/lib/shared/environment";
import { count, formatCount } from "@/lib/shared/plural";
import type { Category } from "@/lib/shared/schemas";
import { CategoryTable } from "./category-table";

const HIGHLIGHT_MS = 4000;
// Long enough to notice a row that arrived while reading elsewhere on the page.
const NEW_MS = 8000;
const NONE: readonly Category[] = [];

type CategoryListProps = { canCreate: boolean; environment: Environment };

export function CategoryList({ canCreate, environment }: CategoryListProps) {
  const { data, error, isPending, isFetching, dataUpdatedAt, refetch } = useCategories();
  const place = useEnvironmentPlace();
  const loadedAt = dataUpdatedAt || undefined;
  const announce = useAnnounce();
  const mounted = useMounted();
  // The URL gives the first view; after that the view is state and the URL follows it.
  const [view, setView] = useAddressView(viewFromParams);
  const { q: search, sort } = view;
  // Filtering a long list must never hold up typing in the search box.
  const deferredSearch = useDeferredValue(search);
  const sorted = useSortedCategories(data ?? NONE, sort);
  const visible = useMemo(() => (data ? searchSorted(sorted, deferredSearch) : []), [data, sorted, deferredSearch]);
  const highlightId = useJustCreated(HIGHLIGHT_MS);
  const addedByOthers = useCreatedByOthers(NEW_MS, (added) =>
    announce(`${count(added, "category", "categories")} added by others`),
  );

  // The URL follows the view: each search keystroke replaces the entry, each sort adds one to go back to.
  const show = (next: View, history: "push" | "replace") => {
    setView(next);
    showInAddress(inEnvironment(viewToSearch(next) || window.location.pathname, place), history);
  };
  const toggleSort = (key: SortKey) =>
    show({ q: search, sort: { key, dir: sort.key === key && sort.dir === "asc" ? "desc" : "asc" } }, "push");

  // Text typed before the page's scripts ran is in the box but not yet in the view.
  const searchRef = useRef<HTMLInputElement>(null);
  const applyEarlySearch = useEffectEvent(() => {
    const early = searchRef.current?.value;
    if (early && early !== search) show({ q: early, sort }, "replace");
  });
  useEffect(() => applyEarlySearch(), []);

  const exportCsv = async () => {
    // Loaded on the first export: the CSV writer is not needed to show the list.
    const { categoriesToCsv, csvFileName } = await import("@/lib/browser/categories/categories-csv");
    // The byte-order mark lets spreadsheet programs read the file as UTF-8.
    downloadFile(["\uFEFF", categoriesToCsv(visible)], csvFileName(environment, new Date()), "text/csv;charset=utf-8");
    announce(`Exported ${countText(visible.length, visible.length)} as CSV`);
  };

  return (
    <section aria-labelledby="categories-heading" className="stack">
      <div className="toolbar">
        <div className="field field-inline">
          <label htmlFor="category-search">Search</label>
          <input
            ref={searchRef}
            id="category-search"
            type="search"
            value={search}
            onChange={(event) => show({ q: event.target.value, sort }, "replace")}
          />
        </div>
        <p role="status" className="count">
          {data ? countText(visible.length, data.length) : ""}
        </p>
        <div className="toolbar-actions">
          <span className="loaded-at">
            {mounted && loadedAt !== undefined && (
              <>
                Loaded <time dateTime={new Date(loadedAt).toISOString()}>{formatTime(loadedAt)}</time>
              </>
            )}
          </span>
          <Button variant="secondary" onClick={() => refetch()}>
            {isFetching && !isPending ? "Refreshing…" : "Refresh"}
          </Button>
          <Button variant="secondary" onClick={exportCsv} disabled={!data}>
            Export CSV
          </Button>
          {/* Beside what it saves: the search and the sort. */}
          <ViewsMenu page="categories" canDeleteShared={canCreate} />
        </div>
      </div>

      {error && (
        <LoadErrorAlert
          title={data ? "Couldn't refresh the categories" : "Couldn't load the categories"}
          error={error}
          onRetry={() => void refetch()}
        />
      )}

      {isPending ? (
        <p className="muted">Loading categories…</p>
      ) : !data ? null : data.length === 0 ? (
        <p className="empty">
          There are no categories yet.{" "}
          {canCreate && (
            <>
              <Link href={inEnvironment("/categories/new", place)}>Create the first one</Link>.
            </>
          )}
        </p>
      ) : visible.length === 0 ? (
        <p className="empty">No categories match “{deferredSearch.trim()}”.</p>
      ) : (
        <CategoryTable
          categories={visible}
          sort={sort}
          onSort={toggleSort}
          highlightId={highlightId}
          newIds={addedByOthers}
          historyLinks={canCreate}
        />
      )}
    </section>
  );
}

function countText(shown: number, total: number): string {
  const all = count(total, "category", "categories");
  return shown === total ? all : `${formatCount(shown)} of ${all}`;
}

function formatTime(time: number): string {
  return new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(time);
}
