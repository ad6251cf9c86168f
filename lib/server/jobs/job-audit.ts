import "server-only";
import { writeAudit } from "@/lib/server/audit/audit-trail";
import type { Db } from "@/lib/server/db/database";
import type { Job } from "@/lib/shared/job-schemas";
import { kindOf } from "./job-kinds";

/** What every audit entry of a job carries, so History links each category to its import or promotion. */
export const jobDetails = (job: Job): Record<string, string> => kindOf(job).auditDetails(job);

/** The request id sent with a row's create and with the job's list reads, so the service's logs can be matched. */
export const jobRequestId = (job: Job, suffix: string | number) =>
  `${kindOf(job).requestIdPrefix}-${job.id.slice(0, 8)}-${suffix}`;

/** In `db`, the transaction the job's end commits in. */
export async function recordJobEnd(db: Db, job: Job): Promise<void> {
  const { created, skipped, failed, unknown } = job.counts;
  await writeAudit(db, [
    {
      action: kindOf(job).auditActions[job.state === "cancelled" ? "cancelled" : "finished"],
      actor: job.createdBy,
      details: { ...jobDetails(job), created, skipped, failed, unknown },
    },
  ]);
}
