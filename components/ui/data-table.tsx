import type { ReactNode, Ref } from "react";

/** A column: its header, and what a row shows in it. `label` names it (and keys it) when `header` says it otherwise. */
export type Column<Row> = { label: string; header?: ReactNode; cell: (row: Row) => ReactNode; className?: string };

type RowProps<Row> = { row: Row; columns: readonly Column<Row>[]; index: number; ref?: Ref<HTMLTableRowElement> };

/** One row in the table's columns; every other one shaded. */
export function DataRow<Row>({ row, columns, index, ref }: RowProps<Row>) {
  return (
    <tr ref={ref} data-index={index} aria-rowindex={index + 2} className={index % 2 ? "row-alt" : undefined}>
      {columns.map(({ label, cell, className }) => (
        <td key={label} className={className}>
          {cell(row)}
        </td>
      ))}
    </tr>
  );
}

export type DataTableProps<Row> = {
  /** The scroll region's name; without it, the caption names the region, and needs `captionId`. */
  label?: string;
  caption: ReactNode;
  captionId?: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  className?: string;
  /** The rows are being read again: what is shown is about to change. */
  busy?: boolean;
  /** A long list's rows, from TableRows (which needs the body's element: `bodyRef`); else every row, plainly. */
  body?: ReactNode;
  bodyRef?: Ref<HTMLTableSectionElement>;
};

/**
 * A table in a focusable, named scroll region (so a wide table scrolls sideways from the keyboard), with its caption
 * for screen readers, its header row and its rows, from one list of columns. No "use client": a page rendered on the
 * server uses it as it is, and the functions of its columns never have to cross to the browser.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { label, caption, captionId, columns, rows, rowKey, className, busy, body, bodyRef } = props;
  return (
    <div
      className="table-scroll"
      role="region"
      aria-label={label}
      aria-labelledby={label === undefined ? captionId : undefined}
      aria-busy={busy || undefined}
      tabIndex={0}
    >
      <table className={className ? `table ${className}` : "table"} aria-rowcount={rows.length + 1}>
        <caption id={captionId} className="visually-hidden">
          {caption}
        </caption>
        <thead>
          <tr aria-rowindex={1}>
            {columns.map(({ label: column, header }) => (
              <th key={column} scope="col">
                {header ?? column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={bodyRef}>
          {body ?? rows.map((row, index) => <DataRow key={rowKey(row)} row={row} columns={columns} index={index} />)}
        </tbody>
      </table>
    </div>
  );
}
