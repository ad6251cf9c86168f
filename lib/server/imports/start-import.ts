import "server-only";
import { writeAudit } from "@/lib/server/audit/audit-trail";
import { catalogue } from "@/lib/server/catalogue/catalogue";
import type { ChangeContext } from "@/lib/server/audit/change-context";
import { transaction } from "@/lib/server/db/database";
import { jobDetails } from "@/lib/server/jobs/job-audit";
import { startJob, stateConflict } from "@/lib/server/jobs/job-states";
import { wakeJobWorker } from "@/lib/server/jobs/job-worker";
import type { Job } from "@/lib/shared/job-schemas";

/**
 * Preview → running with the target's ids of now: the import page's start, or an approved request's (only while its
 * approval holds). The start, its audit entry and the approval's record of it commit together.
 */
export async function startImport(
  job: Job,
  createExisting: boolean | undefined,
  { requestId, actor, approval, fence }: ChangeContext,
): Promise<void> {
  const known = (await catalogue(job.environment).listCategories({ requestId })).map((category) => category.id);
  await transaction(async (tx) => {
    if (!(await startJob(job.id, known, createExisting, tx))) throw stateConflict(job, "start");
    await writeAudit(tx, [
      { action: "import_started", actor, requestId, details: { ...jobDetails(job), ...approval } },
    ]);
    await fence?.(tx, { jobId: job.id });
  });
  wakeJobWorker();
}
