"use client";

import { type ComponentType, type RefObject, useEffect, useRef, useState } from "react";
import type { Category } from "@/lib/categories/schemas";
import type { Sort, SortKey } from "@/lib/categories/view";
import { CategoryRow } from "./category-row";

type CategoryTableProps = {
  categories: readonly Category[];
  sort: Sort;
  onSort: (key: SortKey) => void;
  /** A row to scroll into view and highlight: the category just created. */
  highlightId?: string;
};
export type VirtualRowsProps = {
  categories: readonly Category[];
  body: RefObject<HTMLTableSectionElement | null>;
  highlightIndex: number;
};

const COLUMN_LABELS: Record<SortKey, string> = { id: "ID", name: "Name" };
/** Up to this many rows are rendered plainly; a longer list loads the virtualiser and renders only the rows in view. */
const PLAIN_ROWS = 100;

/**
 * The categories with sortable ID and Name columns. aria-rowcount and aria-rowindex give screen readers the table's
 * real size and each rendered row's place in it, however few rows are in the DOM.
 */
export function CategoryTable({ categories, sort, onSort, highlightId }: CategoryTableProps) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [VirtualRows, setVirtualRows] = useState<ComponentType<VirtualRowsProps>>();
  const long = categories.length > PLAIN_ROWS;
  const highlightIndex = highlightId === undefined ? -1 : categories.findIndex((category) => category.id === highlightId);
  useEffect(() => {
    // Plain rows are all in the DOM; virtual rows scroll themselves (VirtualCategoryRows).
    if (highlightIndex >= 0 && highlightIndex < PLAIN_ROWS) {
      bodyRef.current?.querySelector(`tr[data-index="${highlightIndex}"]`)?.scrollIntoView({ block: "center" });
    }
  }, [highlightIndex]);
  useEffect(() => {
    if (!long || VirtualRows) return;
    let current = true;
    void import("./virtual-category-rows").then(
      (loaded) => current && setVirtualRows(() => loaded.VirtualCategoryRows),
      () => {}, // the first rows stay on show; the next long list tries again
    );
    return () => {
      current = false;
    };
  }, [long, VirtualRows]);

  const header = (key: SortKey) => {
    const active = sort.key === key;
    return (
      <th scope="col" aria-sort={active ? (sort.dir === "asc" ? "ascending" : "descending") : "none"}>
        <button type="button" className="sort-button" onClick={() => onSort(key)}>
          {COLUMN_LABELS[key]}
          <span aria-hidden="true" className="sort-icon">
            {active ? (sort.dir === "asc" ? "▲" : "▼") : "↕"}
          </span>
        </button>
      </th>
    );
  };
  return (
    // Focusable and named, so the table can be scrolled sideways from the keyboard when it is wider than the screen.
    <div className="table-scroll" role="region" aria-label="Categories table" tabIndex={0}>
      <table className="table" aria-rowcount={categories.length + 1}>
        <caption className="visually-hidden">
          Categories, sorted by {COLUMN_LABELS[sort.key]} {sort.dir === "asc" ? "ascending" : "descending"}
        </caption>
        <thead>
          <tr aria-rowindex={1}>
            {header("id")}
            {header("name")}
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody ref={bodyRef}>
          {long && VirtualRows ? (
            <VirtualRows categories={categories} body={bodyRef} highlightIndex={highlightIndex} />
          ) : (
            categories
              .slice(0, PLAIN_ROWS)
              .map((category, index) => (
                <CategoryRow key={category.id} category={category} index={index} highlighted={index === highlightIndex} />
              ))
          )}
        </tbody>
      </table>
    </div>
  );
}
