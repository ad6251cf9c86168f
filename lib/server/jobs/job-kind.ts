import "server-only";
import type { AuditAction } from "@/lib/shared/audit-actions";
import type { JobKind, JobOf, JobRow } from "@/lib/shared/job-schemas";

/**
 * What the server knows of one kind of job beyond the engine: everything else (store, row states, runner, lease) is
 * the same for every kind. One file per kind (imports/import-kind.ts, promotions/promotion-kind.ts), listed in
 * job-kinds.ts.
 */
export type JobKindOnServer<K extends JobKind> = {
  kind: K;
  /** Starts the request ids its creates and list reads send, so the catalogue service's logs can be matched. */
  requestIdPrefix: string;
  /** The audit trail's actions for its start and its end. */
  auditActions: Record<"started" | "finished" | "cancelled", AuditAction>;
  /** What every audit entry of the job carries, so History links each category to its job. */
  auditDetails: (job: JobOf<K>) => Record<string, string>;
  /** Its results' CSV file: the name, and a plain one for older browsers when the name is a person's. */
  resultsFile: (job: JobOf<K>) => { name: string; plainName?: string };
  /** Columns of its own in the results, after the line. */
  resultsColumns: readonly (readonly [header: string, cell: (row: JobRow) => string])[];
  /** Whether its runner skips a row whose name someone added to the target while it runs. */
  watchesTarget: boolean;
  /** In preview: the request to start it that is waiting for approval, which its page links to. */
  waitingRequest?: (job: JobOf<K>) => Promise<string | undefined>;
};
