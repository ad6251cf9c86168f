"use client";

import { type Ref, useRef } from "react";
import { useMounted } from "@/lib/browser/use-mounted";
import type { ImportRow } from "@/lib/shared/import-schemas";
import { VirtualRows } from "./virtual-rows";

const PLAIN_ROWS = 100;
const COLUMNS = ["Line", "Name", "Description", "Check", "Outcome", "ID"] as const;

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

function Row({ row, index, ref }: { row: ImportRow; index: number; ref?: Ref<HTMLTableRowElement> }) {
  return (
    <tr ref={ref} data-index={index} aria-rowindex={index + 2} className={index % 2 ? "row-alt" : undefined}>
      <td className="cell-id">{row.line}</td>
      <td>{row.name}</td>
      <td>{row.description}</td>
      <td>{checkWords(row)}</td>
      <td>{outcomeWords(row)}</td>
      <td className="cell-id">{row.categoryId ?? row.existingId}</td>
    </tr>
  );
}

export function ImportRowsTable({ rows, caption }: { rows: readonly ImportRow[]; caption: string }) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const virtual = useMounted() && rows.length > PLAIN_ROWS;
  return (
    <div className="table-scroll" role="region" aria-label="Rows of the file" tabIndex={0}>
      <table className="table" aria-rowcount={rows.length + 1}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr aria-rowindex={1}>
            {COLUMNS.map((column) => (
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
              columns={COLUMNS.length}
              itemKey={(row) => row.line}
              renderRow={(row, index, ref) => <Row row={row} index={index} ref={ref} />}
            />
          ) : (
            rows.slice(0, PLAIN_ROWS).map((row, index) => <Row key={row.line} row={row} index={index} />)
          )}
        </tbody>
      </table>
    </div>
  );
}
