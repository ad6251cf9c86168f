"use client";

import { type ReactNode, useDeferredValue, useMemo } from "react";
import { useAnnounce } from "@/components/ui/announcer";
import { Button } from "@/components/ui/button";
import { type Column, DataTable } from "@/components/ui/data-table";
import type { Selection } from "@/lib/browser/compare/selection";
import { downloadFile } from "@/lib/browser/download-file";
import type { CompareGroupId } from "@/lib/shared/compare-address";
import { count, formatCount } from "@/lib/shared/plural";
import { SelectAll, SelectRow } from "./compare-select";

/** Rows an admin ticks, by `rowKey`, and what is done with them. */
export type GroupSelection<Row> = {
  selected: Selection;
  onChange: (next: Selection) => void;
  /** A row's checkbox label: the category's name. */
  labelOf: (row: Row) => string;
  /** Beside "Select all": the button that acts on the ticked rows. */
  action: ReactNode;
};

type CompareGroupProps<Row> = {
  /** The group in the page's ids, its address and the CSV's file name: "only-in-staging". */
  id: CompareGroupId;
  title: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** What the search box looks in. */
  textOf: (row: Row) => string;
  /** The search box's text, kept in the page's address. */
  search: string;
  onSearch: (text: string) => void;
  columns: readonly Column<Row>[];
  toCsv: (rows: readonly Row[]) => Promise<string>;
  empty: string;
  select?: GroupSelection<Row>;
};

/** The first column when an admin can tick rows: a checkbox named by the row's category. */
const selectColumn = <Row,>(select: GroupSelection<Row>, rowKey: (row: Row) => string): Column<Row> => ({
  label: "Chosen",
  header: <span className="visually-hidden">Chosen</span>,
  cell: (row) => <SelectRow rowKey={rowKey(row)} label={select.labelOf(row)} selection={select} />,
  className: "cell-select",
});

// The rest of a long group is reached by searching or in its CSV: a page of several tables stays quick to render.
const SHOWN_ROWS = 100;

export function CompareGroup<Row>({
  id,
  title,
  rows,
  rowKey,
  textOf,
  search,
  onSearch,
  columns,
  toCsv,
  empty,
  select,
}: CompareGroupProps<Row>) {
  // Filtering a long group must never hold up typing in the search box.
  const deferredSearch = useDeferredValue(search);
  const texts = useMemo(() => rows.map((row) => textOf(row).toLocaleLowerCase()), [rows, textOf]);
  const matching = useMemo(() => {
    const needle = deferredSearch.trim().toLocaleLowerCase();
    return needle ? rows.filter((_, index) => texts[index]?.includes(needle)) : rows;
  }, [rows, texts, deferredSearch]);
  const matchingKeys = useMemo(() => matching.map(rowKey), [matching, rowKey]);
  const announce = useAnnounce();
  const name = title.toLowerCase();

  const download = async () => {
    const csv = await toCsv(matching);
    // Imported here, as toCsv loads it (a static import would bring the CSV writer into the page's first load).
    const { comparisonFileName } = await import("@/lib/browser/compare/comparison-csv");
    // The byte-order mark lets spreadsheet programs read the file as UTF-8.
    downloadFile(["\uFEFF", csv], comparisonFileName(id, new Date()), "text/csv;charset=utf-8");
    announce(`Downloaded ${count(matching.length, "row", "rows")} ${name} as CSV`);
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="stack">
      <h2 id={`${id}-heading`}>
        {title} ({formatCount(rows.length)})
      </h2>
      {rows.length === 0 ? (
        <p className="empty">{empty}</p>
      ) : (
        <>
          <div className="toolbar">
            <div className="field field-inline">
              <label htmlFor={`${id}-search`}>
                Search <span className="visually-hidden">{name}</span>
              </label>
              <input id={`${id}-search`} type="search" value={search} onChange={(e) => onSearch(e.target.value)} />
            </div>
            <p role="status" className="count">
              {matching.length === rows.length
                ? count(rows.length, "row", "rows")
                : `${formatCount(matching.length)} of ${count(rows.length, "row", "rows")}`}
            </p>
            <div className="toolbar-actions">
              <Button variant="secondary" onClick={download} disabled={matching.length === 0}>
                Download CSV <span className="visually-hidden">of {name}</span>
              </Button>
            </div>
          </div>
          {select && (
            <div className="toolbar selection-bar">
              <SelectAll
                id={`${id}-select-all`}
                keys={matchingKeys}
                searched={matching.length < rows.length}
                selection={select}
              />
              <div className="toolbar-actions">{select.action}</div>
            </div>
          )}
          {matching.length === 0 ? (
            <p className="empty">
              Nothing {name} matches “{deferredSearch.trim()}”.
            </p>
          ) : (
            <DataTable
              captionId={`${id}-caption`}
              caption={
                <>
                  {title}
                  {matching.length > SHOWN_ROWS && `, the first ${SHOWN_ROWS} of ${formatCount(matching.length)}`}
                </>
              }
              columns={select ? [selectColumn(select, rowKey), ...columns] : columns}
              rows={matching.slice(0, SHOWN_ROWS)}
              rowKey={rowKey}
            />
          )}
          {matching.length > SHOWN_ROWS && (
            <p className="muted">
              Showing the first {SHOWN_ROWS} of {formatCount(matching.length)}: search to narrow them down, or download
              the CSV for all of them.
            </p>
          )}
        </>
      )}
    </section>
  );
}
