"use client";

import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useLayoutEffect, useRef, useState } from "react";
import type { Category } from "@/lib/categories/schemas";
import type { Sort, SortKey } from "@/lib/categories/view";

type CategoryTableProps = { categories: readonly Category[]; sort: Sort; onSort: (key: SortKey) => void };

const COLUMN_LABELS: Record<SortKey, string> = { id: "ID", name: "Name" };
const ESTIMATED_ROW_PX = 41;

/**
 * Only the rows in view (plus a few) are in the DOM, so 100,000 categories
 * cost what 50 do. aria-rowcount and aria-rowindex tell screen readers the
 * table's real size and where each rendered row sits in it.
 */
export function CategoryTable({ categories, sort, onSort }: CategoryTableProps) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    setScrollMargin((bodyRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: categories.length,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: 10,
    scrollMargin,
    getItemKey: (index) => categories[index]?.id ?? index,
    // Lets the server render the first rows too, before the window can be measured.
    initialRect: { width: 1024, height: 900 },
  });
  const rows = virtualizer.getVirtualItems();
  const before = (rows[0]?.start ?? scrollMargin) - scrollMargin;
  const after = virtualizer.getTotalSize() - ((rows.at(-1)?.end ?? scrollMargin) - scrollMargin);

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
    <div className="table-scroll">
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
          {before > 0 && <Spacer height={before} />}
          {rows.map((row) => {
            const category = categories[row.index];
            if (!category) return null;
            return (
              <tr
                key={row.key}
                data-index={row.index}
                ref={virtualizer.measureElement}
                aria-rowindex={row.index + 2}
                className={row.index % 2 ? "row-alt" : undefined}
              >
                <td className="cell-id">{category.id}</td>
                <td>{category.name}</td>
                <td>{category.description}</td>
              </tr>
            );
          })}
          {after > 0 && <Spacer height={after} />}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Stands in for the rows out of view; hidden from assistive technology, which
 * counts rows by aria-rowcount. Its height is set through the DOM, not a
 * style attribute, which the Content-Security-Policy would refuse in
 * server-rendered HTML.
 */
function Spacer({ height }: { height: number }) {
  const cell = useRef<HTMLTableCellElement>(null);
  useLayoutEffect(() => {
    if (cell.current) cell.current.style.height = `${height}px`;
  }, [height]);
  return (
    <tr aria-hidden="true" className="spacer">
      <td colSpan={3} ref={cell} />
    </tr>
  );
}
