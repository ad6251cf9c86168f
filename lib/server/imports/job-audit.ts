import "server-only";
import type { AuditAction } from "@/lib/shared/audit-actions";
import { jobEnvironment } from "./job-environment";
import type { Job } from "./run-store";

/** What every audit entry of a job's rows carries, so History links each category to its import or promotion. */
export function jobDetails(job: Job): Record<string, string> {
  const environment = jobEnvironment(job);
  return job.kind === "promotion"
    ? { promotionId: job.id, from: job.source_environment ?? "", environment }
    : { importId: job.id, fileName: job.file_name, environment };
}

export const jobEndAction = (job: Job, cancelled: boolean): AuditAction =>
  `${job.kind}_${cancelled ? "cancelled" : "finished"}`;

/** The request id sent with a row's create and with the job's list reads, so the service's logs can be matched. */
export const jobRequestId = (job: Job, suffix: string | number) =>
  `${job.kind === "promotion" ? "promote" : "import"}-${job.id.slice(0, 8)}-${suffix}`;
