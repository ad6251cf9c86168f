import "server-only";
import { catalogue } from "@/lib/server/catalogue/catalogue";
import type { ChangeContext } from "@/lib/server/audit/change-context";
import { jobDetails } from "@/lib/server/jobs/job-audit";
import { startJob, stateConflict } from "@/lib/server/jobs/job-states";
import { startWithTrail } from "@/lib/server/jobs/start-with-trail";
import type { Job } from "@/lib/shared/job-schemas";
import { importKind } from "./import-kind";

/**
 * Preview → running with the target's ids of now: the import page's start, or an approved request's (only while its
 * approval holds). The start, its audit entry and the approval's record of it commit together.
 */
export async function startImport(
  job: Job,
  createExisting: boolean | undefined,
  context: ChangeContext,
): Promise<void> {
  const { requestId } = context;
  const known = (await catalogue(job.environment).listCategories({ requestId })).map((category) => category.id);
  await startWithTrail(context, async (tx) => {
    if (!(await startJob(job.id, known, createExisting, tx))) throw stateConflict(job, "start");
    return { id: job.id, action: importKind.auditActions.started, details: jobDetails(job) };
  });
}
