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

/** A promotion's rows also say the id each category has in the environment it came from. */
export function importResultsCsv(rows: readonly (ImportRow & { sourceId?: string })[], withSourceId = false): string {
  const source = (row: { sourceId?: string }) => (withSourceId ? [row.sourceId ?? ""] : []);
  return stringify(
    [
      ["line", ...(withSourceId ? ["source id"] : []), "name", "description", "outcome", "id", "message"],
      ...rows.map((row) => [
        row.line,
        ...source(row),
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
