import "server-only";
import { importKind } from "@/lib/server/imports/import-kind";
import { promotionKind } from "@/lib/server/promotions/promotion-kind";
import type { Job, JobKind } from "@/lib/shared/job-schemas";
import type { JobKindOnServer } from "./job-kind";

const JOB_KINDS: { [K in JobKind]: JobKindOnServer<K> } = { import: importKind, promotion: promotionKind };

/** The description of a job's kind, typed for that job. */
// TypeScript cannot tie the looked-up kind to the job's own: a kind's file is typed for its jobs, so this holds.
export const kindOf = <J extends Job>(job: J) => JOB_KINDS[job.kind] as unknown as JobKindOnServer<J["kind"]>;
