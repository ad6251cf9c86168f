import "server-only";
import type { AuditAction } from "@/lib/shared/audit-actions";
import type { CatalogueEnvironment, EnvironmentPlace } from "@/lib/shared/environment";
import type { JobKind, JobOf, JobRow } from "@/lib/shared/job-schemas";

/**
 * What the server knows of one kind of job beyond the engine (everything else, store, row states, runner, lease, is the
 * same for every kind), and the words of the parts the server renders: the job's page head and the recent jobs. What
 * the browser renders is in components/jobs/<kind>-kind.tsx. One file per kind (imports/import-kind.ts,
 * promotions/promotion-kind.ts), listed in job-kinds.ts.
 */
export type JobKindOnServer<K extends JobKind> = {
  kind: K;
  /** Starts the request ids its creates and list reads send, so the catalogue service's logs can be matched. */
  requestIdPrefix: string;
  /** The audit trail's actions for its start and its end. */
  auditActions: Record<"started" | "finished" | "cancelled", AuditAction>;
  /** The environments it reads or writes: an API token must be allowed each of them to see or change it. */
  environments: (job: JobOf<K>) => CatalogueEnvironment[];
  /** What every audit entry of the job carries, so History links each category to its job. */
  auditDetails: (job: JobOf<K>) => Record<string, string>;
  /** Its results' CSV file: the name, and a plain one for older browsers when the name is a person's. */
  resultsFile: (job: JobOf<K>) => { name: string; plainName?: string };
  /** Columns of its own in the results, after the line. */
  resultsColumns: readonly (readonly [header: string, cell: (row: JobRow) => string])[];
  /** Whether its runner skips a row whose name someone added to the target while it runs. */
  watchesTarget: boolean;
  /** Its page's address, under the environment's where its kind's pages have one. */
  pagePath: (id: string, place?: EnvironmentPlace) => string;
  /** Its page's head: the title, the start of "… by maria at …", and for a viewer a title and what they may not do. */
  page: {
    title: (job: JobOf<K>) => string;
    startedBy: (job: JobOf<K>, manyEnvironments: boolean) => string;
    notAllowed: { title: string; what: string };
  };
  /** The list of recent jobs of the kind: its heading, the kind in the plural, its first column, a job in preview. */
  recent: {
    heading: string;
    plural: string;
    firstColumn: string;
    linkText: (job: JobOf<K>) => string;
    inPreview: string;
  };
  /** In preview: the request to start it that is waiting for approval, which its page links to. */
  waitingRequest?: (job: JobOf<K>) => Promise<string | undefined>;
};
