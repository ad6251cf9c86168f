"use client";

import { type ReactNode, type Ref, useRef } from "react";
import { useMounted } from "@/lib/browser/use-mounted";
import type { ImportRow } from "@/lib/shared/import-schemas";
import { VirtualRows } from "./virtual-rows";

const PLAIN_ROWS = 100;

export type RowColumn<R> = { label: string; cell: (row: R) => ReactNode; className?: string };

export function checkWords(row: ImportRow): string {
  if (row.class === "new") return "New";
  if (row.class === "existing") return `Already in the catalogue (ID ${row.existingId})`;
  if (row.class === "repeated") return `Repeated: ${row.note?.toLowerCase() ?? "same name as an earlier line"}`;
  return `Invalid: ${row.note ?? "not a valid category"}`;
}

const STATE_WORDS = {
  pending: "Waiting",
  sending: "Sending",
  created: "Created",
  failed: "Failed",
  unknown: "Unknown",
  skipped: "Skipped",
} as const;

export function outcomeWords(row: ImportRow): string {
  if (row.confirmedLate) return "Created (found in the catalogue after its response was lost)";
  return row.message ? `${STATE_WORDS[row.state]}: ${row.message}` : STATE_WORDS[row.state];
}

const IMPORT_COLUMNS: RowColumn<ImportRow>[] = [
  { label: "Line", cell: (row) => row.line, className: "cell-id" },
  { label: "Name", cell: (row) => row.name },
  { label: "Description", cell: (row) => row.description },
  { label: "Check", cell: checkWords },
  { label: "Outcome", cell: outcomeWords },
  { label: "ID", cell: (row) => row.categoryId ?? row.existingId, className: "cell-id" },
];

type RowProps<R> = { row: R; columns: readonly RowColumn<R>[]; index: number; ref?: Ref<HTMLTableRowElement> };

function Row<R>({ row, columns, index, ref }: RowProps<R>) {
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

type TableProps<R> = {
  rows: readonly R[];
  caption: string;
  /** The scrolling region's name. */
  label?: string;
  /** An import's file columns unless told otherwise. */
  columns?: readonly RowColumn<R>[];
};

export function ImportRowsTable<R extends ImportRow>({
  rows,
  caption,
  label = "Rows of the file",
  columns = IMPORT_COLUMNS,
}: TableProps<R>) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const virtual = useMounted() && rows.length > PLAIN_ROWS;
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="table" aria-rowcount={rows.length + 1}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr aria-rowindex={1}>
            {columns.map(({ label: column }) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={bodyRef}>
          {virtual ? (
            <VirtualRows
              items={rows}
              body={bodyRef}
              columns={columns.length}
              itemKey={(row) => row.line}
              renderRow={(row, index, ref) => <Row row={row} columns={columns} index={index} ref={ref} />}
            />
          ) : (
            rows
              .slice(0, PLAIN_ROWS)
              .map((row, index) => <Row key={row.line} row={row} columns={columns} index={index} />)
          )}
        </tbody>
      </table>
    </div>
  );
}
