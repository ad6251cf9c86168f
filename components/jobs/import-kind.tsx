import type { JobRow } from "@/lib/shared/job-schemas";
import { ImportPreview } from "./import-preview";
import type { JobKindUi } from "./job-kind-ui";
import { outcomeWords } from "./row-words";

function checkWords(row: JobRow): string {
  if (row.class === "new") return "New";
  if (row.class === "existing") return `Already in the catalogue (ID ${row.existingId})`;
  if (row.class === "repeated") return `Repeated: ${row.note?.toLowerCase() ?? "same name as an earlier line"}`;
  return `Invalid: ${row.note ?? "not a valid category"}`;
}

/** An import: a file's rows, previewed, then sent to the environment it was uploaded for. */
export const importKind: JobKindUi<"import"> = {
  noun: "Import",
  word: "import",
  apiPath: (id) => `/api/imports/${id}`,
  headings: { preview: "Preview", running: "Importing", paused: "Paused", finished: "Result", cancelled: "Result" },
  rowsTable: (job) => ({
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
  }),
  Preview: ImportPreview,
  changesComparison: false,
};
