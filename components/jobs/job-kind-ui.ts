import type { ComponentType } from "react";
import type { Column } from "@/components/ui/data-table";
import type { JobActions } from "@/lib/browser/jobs/jobs";
import type { JobKind, JobOf, JobRow, JobState, JobWithRows } from "@/lib/shared/job-schemas";

type RowsTable = { label: string; caption: string; columns: Column<JobRow>[] };

/**
 * What a job's page shows in the browser of one kind of job: its words, its parts and its API. Everything else (the
 * states, the progress, the result, the rows' filter) is the same for every kind. What the server renders (the page's
 * title, the recent jobs) is in the server's description, lib/server/<kind>s/<kind>-kind.ts, so that the browser is not
 * sent it. One file per kind (import-kind.tsx, promotion-kind.tsx), listed in job-kinds.ts.
 */
export type JobKindUi<K extends JobKind> = {
  /** At the start of a sentence: "Import". */
  noun: string;
  /** Within a sentence: "import". */
  word: string;
  /** Its API: its actions, and /results below it. */
  apiPath: (id: string) => string;
  /** Its page's heading in each state. */
  headings: Record<JobState, string>;
  /** Its rows on its page: the table's name and caption, and the columns of its kind. */
  rowsTable: (job: Extract<JobWithRows, { kind: K }>) => RowsTable;
  /** What its page shows in preview, when a person starts it from there. */
  Preview?: ComponentType<{ job: JobOf<K>; actions: JobActions; waitingFor?: string }>;
  /** Its end changes what Compare shows: Compare is read again the next time it is opened. */
  changesComparison: boolean;
};
