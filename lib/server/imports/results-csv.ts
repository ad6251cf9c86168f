import "server-only";
import { stringify } from "csv-stringify/sync";
import { CSV_OPTIONS } from "@/lib/shared/csv";
import type { ImportRow } from "@/lib/shared/import-schemas";

// Rows not sent (repeated, invalid, already there, cancelled) are "skipped"; a row still waiting has no outcome yet.
function outcome(row: ImportRow): string {
  return row.state === "pending" || row.state === "sending" ? "unknown" : row.state;
}

function message(row: ImportRow): string {
  if (row.confirmedLate) return "Found in the catalogue after its response was lost";
  return row.message ?? (row.state === "skipped" ? (row.note ?? "") : "");
}

export function importResultsCsv(rows: readonly ImportRow[]): string {
  return stringify(
    [
      ["line", "name", "description", "outcome", "id", "message"],
      ...rows.map((row) => [
        row.line,
        row.name,
        row.description ?? "",
        outcome(row),
        row.categoryId ?? (row.state === "skipped" ? (row.existingId ?? "") : ""),
        message(row),
      ]),
    ],
    CSV_OPTIONS,
  );
}
