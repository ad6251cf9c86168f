import type { JobKindUi } from "./job-kind-ui";
import { outcomeWords } from "./row-words";

/** A promotion: categories ticked on Compare, added to the other environment; it starts as soon as it is stored. */
export const promotionKind: JobKindUi<"promotion"> = {
  noun: "Promotion",
  word: "promotion",
  apiPath: (id) => `/api/promotions/${id}`,
  headings: { preview: "Starting", running: "Adding", paused: "Paused", finished: "Result", cancelled: "Result" },
  rowsTable: (job) => ({
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
  }),
  changesComparison: true,
};
