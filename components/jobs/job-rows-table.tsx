"use client";

import { useRef } from "react";
import { type Column, DataRow, DataTable } from "@/components/ui/data-table";
import { TableRows } from "@/components/ui/table-rows";
import type { JobRow } from "@/lib/shared/job-schemas";

const rowKey = (row: JobRow) => row.line;

type TableProps = { rows: readonly JobRow[]; caption: string; label: string; columns: readonly Column<JobRow>[] };

/** A job's rows, each in its kind's columns; a long list renders only the rows in view. */
export function JobRowsTable({ rows, caption, label, columns }: TableProps) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  return (
    <DataTable
      label={label}
      caption={caption}
      columns={columns}
      rows={rows}
      rowKey={rowKey}
      bodyRef={bodyRef}
      body={
        <TableRows
          items={rows}
          body={bodyRef}
          columns={columns.length}
          itemKey={rowKey}
          renderRow={(row, index, ref) => <DataRow row={row} columns={columns} index={index} ref={ref} />}
        />
      }
    />
  );
}
