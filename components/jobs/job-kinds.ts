import type { Job, JobKind } from "@/lib/shared/job-schemas";
import { importKind } from "./import-kind";
import type { JobKindUi } from "./job-kind-ui";
import { promotionKind } from "./promotion-kind";

/** Every kind of job, by its name. */
export const JOB_KINDS: { [K in JobKind]: JobKindUi<K> } = { import: importKind, promotion: promotionKind };

/** The description of a job's kind, typed for that job. */
// TypeScript cannot tie the looked-up kind to the job's own: a kind's file is typed for its jobs, so this holds.
export const uiOf = <J extends Job>(job: J) => JOB_KINDS[job.kind] as unknown as JobKindUi<J["kind"]>;
