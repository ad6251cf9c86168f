import "server-only";
import { importKind } from "@/lib/server/imports/import-kind";
import { promotionKind } from "@/lib/server/promotions/promotion-kind";
import type { Job, JobKind } from "@/lib/shared/job-schemas";
import type { JobKindOnServer } from "./job-kind";

const JOB_KINDS: { [K in JobKind]: JobKindOnServer<K> } = { import: importKind, promotion: promotionKind };

/** A kind's description, by its name. */
export const jobKind = <K extends JobKind>(kind: K): JobKindOnServer<K> => JOB_KINDS[kind];

/** The description of a job's kind, typed for that job. */
// TypeScript cannot tie the looked-up kind to the job's own: a kind's file is typed for its jobs, so this holds.
export const kindOf = <J extends Job>(job: J) => JOB_KINDS[job.kind] as unknown as JobKindOnServer<J["kind"]>;
