"use client";

import { useEffect, useRef } from "react";
import { PLAIN_ROWS, TableRows } from "@/components/ui/table-rows";
import type { Sort, SortKey } from "@/lib/browser/categories/view";
import { useMounted } from "@/lib/browser/use-mounted";
import type { Category } from "@/lib/shared/schemas";
import { CategoryRow } from "./category-row";

type CategoryTableProps = {
  categories: readonly Category[];
  sort: Sort;
  onSort: (key: SortKey) => void;
  highlightId?: string;
  /** Rows others have just created, marked "New". */
  newIds?: ReadonlySet<string>;
  /** Admins may open each category's history from its id. */
  historyLinks: boolean;
};

const COLUMN_LABELS: Record<SortKey, string> = { id: "ID", name: "Name" };
const categoryKey = (category: Category) => category.id;

// aria-rowcount and aria-rowindex tell screen readers the table's real size, however few rows are in the DOM.
export function CategoryTable({ categories, sort, onSort, highlightId, newIds, historyLinks }: CategoryTableProps) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const hydrated = useMounted();
  const highlightIndex =
    highlightId === undefined ? -1 : categories.findIndex((category) => category.id === highlightId);
  useEffect(() => {
    if (highlightIndex >= 0 && highlightIndex < PLAIN_ROWS) {
      bodyRef.current?.querySelector(`tr[data-index="${highlightIndex}"]`)?.scrollIntoView({ block: "center" });
    }
  }, [highlightIndex]);

  const header = (key: SortKey) => {
    const active = sort.key === key;
    return (
      <th scope="col" aria-sort={active ? (sort.dir === "asc" ? "ascending" : "descending") : "none"}>
        <button type="button" className="sort-button" onClick={() => onSort(key)} disabled={!hydrated}>
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
          <TableRows
            items={categories}
            body={bodyRef}
            columns={3}
            itemKey={categoryKey}
            scrollToIndex={highlightIndex}
            renderRow={(category, index, ref) => (
              <CategoryRow
                category={category}
                index={index}
                highlighted={index === highlightIndex}
                isNew={newIds?.has(category.id)}
                historyLink={historyLinks}
                ref={ref}
              />
            )}
          />
        </tbody>
      </table>
    </div>
  );
}
