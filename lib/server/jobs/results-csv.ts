import "server-only";
import { stringify } from "csv-stringify/sync";
import { CSV_OPTIONS } from "@/lib/shared/csv";
import type { JobRow, JobWithRows } from "@/lib/shared/job-schemas";

// Rows not sent (repeated, invalid, already there, cancelled) are "skipped"; a row still waiting has no outcome yet.
function outcome(row: JobRow): string {
  return row.state === "pending" || row.state === "sending" ? "unknown" : row.state;
}

function message(row: JobRow): string {
  if (row.confirmedLate) return "Found in the catalogue after its response was lost";
  return row.message ?? (row.state === "skipped" ? (row.note ?? "") : "");
}

/** Each row's outcome; a promotion's rows also say the id each category has in the environment it came from. */
export function jobResultsCsv({ kind, rows }: JobWithRows): string {
  const promotion = kind === "promotion";
  return stringify(
    [
      ["line", ...(promotion ? ["source id"] : []), "name", "description", "outcome", "id", "message"],
      ...rows.map((row) => [
        row.line,
        ...(promotion ? [row.sourceId ?? ""] : []),
        row.name,
        row.description ?? "",
        outcome(row),
        row.categoryId ?? (row.state === "skipped" ? (row.existingId ?? "") : ""),
        message(row),
      ]),
    ],
    { ...CSV_OPTIONS, bom: true },
  );
}

/** The results file's name: the import's file name, or the promotion's environments. */
export const resultsFileName = (job: JobWithRows) =>
  job.kind === "promotion"
    ? `promotion-${job.from}-to-${job.to}-results.csv`
    : `${job.fileName.replace(/\.csv$/i, "")}-results.csv`;
