"use client";

import Link from "next/link";
import { useDeferredValue, useMemo, useState } from "react";
import { type InitialCategories, useCategoryList } from "@/lib/categories/use-category-list";
import { type Sort, type SortKey, searchableCategories, sortCategories } from "@/lib/categories/view";
import { Alert } from "./alert";
import { ErrorDetails } from "./error-details";
import { CategoryTable } from "./category-table";

export function CategoryList({ canCreate, initial }: { canCreate: boolean; initial?: InitialCategories }) {
  const { data, error, isPending, isFetching, refetch } = useCategoryList(initial);
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<Sort>({ key: "id", dir: "asc" });
  // Filtering a long list must never hold up typing in the search box.
  const deferredSearch = useDeferredValue(search);
  const sorted = useMemo(() => sortCategories(data ?? [], sort), [data, sort]);
  const searchSorted = useMemo(() => searchableCategories(sorted), [sorted]);
  const visible = useMemo(() => (data ? searchSorted(deferredSearch) : []), [data, searchSorted, deferredSearch]);

  const toggleSort = (key: SortKey) =>
    setSort((current) => ({ key, dir: current.key === key && current.dir === "asc" ? "desc" : "asc" }));

  return (
    <section aria-labelledby="categories-heading" className="stack">
      <div className="toolbar">
        <div className="field field-inline">
          <label htmlFor="category-search">Search</label>
          <input id="category-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </div>
        <p role="status" className="count">
          {data ? countText(visible.length, data.length) : ""}
        </p>
        <button type="button" className="button button-secondary" onClick={() => refetch()}>
          {isFetching && !isPending ? "Refreshing…" : "Refresh"}
        </button>
      </div>

      {error && (
        <Alert title={data ? "Couldn't refresh the categories" : "Couldn't load the categories"}>
          <ErrorDetails error={error} />
          <button type="button" className="button" onClick={() => refetch()}>
            Try again
          </button>
        </Alert>
      )}

      {isPending ? (
        <p className="muted">Loading categories…</p>
      ) : !data ? null : data.length === 0 ? (
        <p className="empty">
          There are no categories yet.{" "}
          {canCreate && (
            <>
              <Link href="/categories/new">Create the first one</Link>.
            </>
          )}
        </p>
      ) : visible.length === 0 ? (
        <p className="empty">No categories match “{deferredSearch.trim()}”.</p>
      ) : (
        <CategoryTable categories={visible} sort={sort} onSort={toggleSort} />
      )}
    </section>
  );
}

function countText(shown: number, total: number): string {
  const noun = total === 1 ? "category" : "categories";
  return shown === total ? `${total} ${noun}` : `${shown} of ${total} ${noun}`;
}
