"use client";

import { type ReactNode, type Ref, useRef } from "react";
import { TableRows } from "@/components/ui/table-rows";
import type { JobRow } from "@/lib/shared/job-schemas";

const rowKey = (row: JobRow) => row.line;

export type RowColumn<R> = { label: string; cell: (row: R) => ReactNode; className?: string };

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

type TableProps = { rows: readonly JobRow[]; caption: string; label: string; columns: readonly RowColumn<JobRow>[] };

/** A job's rows, each in its kind's columns; a long list renders only the rows in view. */
export function JobRowsTable({ rows, caption, label, columns }: TableProps) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
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
          <TableRows
            items={rows}
            body={bodyRef}
            columns={columns.length}
            itemKey={rowKey}
            renderRow={(row, index, ref) => <Row row={row} columns={columns} index={index} ref={ref} />}
          />
        </tbody>
      </table>
    </div>
  );
}
