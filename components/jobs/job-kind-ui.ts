import type { EnvironmentPlace } from "@/lib/shared/environment";
import type { JobKind, JobOf, JobRow, JobState, JobWithRows } from "@/lib/shared/job-schemas";
import type { Column } from "@/components/ui/data-table";

type RowsTable = { label: string; caption: string; columns: Column<JobRow>[] };

/**
 * What the pages show of one kind of job: its words, its page's parts and its links. Everything else (the states, the
 * progress, the result, the rows' filter) is the same for every kind. One file per kind (import-kind.tsx,
 * promotion-kind.tsx), listed in job-kinds.ts.
 *
 * Server-rendered lists read it too (the recent jobs on Compare and the import page), so it holds no client component:
 * one would be sent with those pages' scripts. The import's preview (import-preview.tsx) is chosen in job-view.tsx.
 */
export type JobKindUi<K extends JobKind> = {
  /** At the start of a sentence and as the title of a page that refuses: "Import". */
  noun: string;
  /** Within a sentence: "import". */
  word: string;
  plural: string;
  /** What a viewer may not do on its page: "import categories". */
  notAllowed: string;
  /** Its API: its actions, and /results below it. */
  apiPath: (id: string) => string;
  /** Its page, under the environment's address where its kind's pages have one. */
  pagePath: (id: string, place?: EnvironmentPlace) => string;
  title: (job: JobOf<K>) => string;
  /** The start of its page's "… by maria at …". */
  startedBy: (job: JobOf<K>, manyEnvironments: boolean) => string;
  /** Its page's heading in each state. */
  headings: Record<JobState, string>;
  /** Its rows on its page: the table's name and caption, and the columns of its kind. */
  rowsTable: (job: Extract<JobWithRows, { kind: K }>) => RowsTable;
  /** The list of recent jobs of the kind: its heading, its first column, and what a job in preview is doing. */
  recent: { heading: string; firstColumn: string; linkText: (job: JobOf<K>) => string; inPreview: string };
  /** Its end changes what Compare shows: Compare is read again the next time it is opened. */
  changesComparison: boolean;
};
