import type { JobKind, JobRow, JobState, JobWithRows } from "@/lib/shared/job-schemas";
import type { RowColumn } from "./job-rows-table";
import type { FilterOption } from "./row-filter";

const STATE_WORDS = {
  pending: "Waiting",
  sending: "Sending",
  created: "Created",
  failed: "Failed",
  unknown: "Unknown",
  skipped: "Skipped",
} as const;

function outcomeWords(row: JobRow): string {
  if (row.confirmedLate) return "Created (found in the catalogue after its response was lost)";
  return row.message ? `${STATE_WORDS[row.state]}: ${row.message}` : STATE_WORDS[row.state];
}

function checkWords(row: JobRow): string {
  if (row.class === "new") return "New";
  if (row.class === "existing") return `Already in the catalogue (ID ${row.existingId})`;
  if (row.class === "repeated") return `Repeated: ${row.note?.toLowerCase() ?? "same name as an earlier line"}`;
  return `Invalid: ${row.note ?? "not a valid category"}`;
}

/** An import's preview shows its rows by how they were checked; once it runs, every job shows them by outcome. */
export const PREVIEW_FILTERS: readonly FilterOption[] = [
  ["all", "All rows"],
  ["new", "New"],
  ["existing", "Already in the catalogue"],
  ["repeated", "Repeated"],
  ["invalid", "Invalid"],
];

export const HEADINGS: Record<JobKind, Record<JobState, string>> = {
  import: { preview: "Preview", running: "Importing", paused: "Paused", finished: "Result", cancelled: "Result" },
  promotion: { preview: "Starting", running: "Adding", paused: "Paused", finished: "Result", cancelled: "Result" },
};

type RowsTable = { label: string; caption: string; columns: RowColumn<JobRow>[] };

/** Where an import's and a promotion's pages truly differ: the columns of their rows. */
export function rowsTable(job: JobWithRows): RowsTable {
  if (job.kind === "import")
    return {
      label: "Rows of the file",
      caption: `Rows of ${job.fileName}`,
      columns: [
        { label: "Line", cell: (row) => row.line, className: "cell-id" },
        { label: "Name", cell: (row) => row.name },
        { label: "Description", cell: (row) => row.description },
        { label: "Check", cell: checkWords },
        { label: "Outcome", cell: outcomeWords },
        { label: "ID", cell: (row) => row.categoryId ?? row.existingId, className: "cell-id" },
      ],
    };
  return {
    label: "Categories of this promotion",
    caption: `Categories from ${job.from} to ${job.to}`,
    columns: [
      { label: "Name", cell: (row) => row.name },
      { label: "Description", cell: (row) => row.description },
      { label: `ID in ${job.from}`, cell: (row) => row.sourceId, className: "cell-id" },
      // A category the target already had when the promotion started says so in its note.
      {
        label: "Outcome",
        cell: (row) =>
          row.state === "skipped" && !row.message && row.note ? `Skipped: ${row.note}` : outcomeWords(row),
      },
      { label: `ID in ${job.to}`, cell: (row) => row.categoryId ?? row.existingId, className: "cell-id" },
    ],
  };
}
