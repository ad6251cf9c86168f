import "server-only";
import { recordAudit } from "@/lib/server/audit/audit-trail";
import { catalogue } from "@/lib/server/catalogue/catalogue";
import type { ApprovalDetails } from "@/lib/server/change-requests/request-audit";
import { jobDetails } from "@/lib/server/jobs/job-audit";
import { startJob, stateConflict } from "@/lib/server/jobs/job-states";
import { wakeJobWorker } from "@/lib/server/jobs/job-worker";
import type { Job } from "@/lib/shared/job-schemas";

/** Preview → running with the target's ids of now: the import page's start, or an approved request's. */
export async function startImport(
  job: Job,
  createExisting: boolean | undefined,
  { requestId, actor, approval }: { requestId: string; actor?: string; approval?: ApprovalDetails },
): Promise<void> {
  const known = (await catalogue(job.environment).listCategories({ requestId })).map((category) => category.id);
  if (!(await startJob(job.id, known, createExisting))) throw stateConflict(job, "start");
  await recordAudit({ action: "import_started", actor, requestId, details: { ...jobDetails(job), ...approval } });
  wakeJobWorker();
}
