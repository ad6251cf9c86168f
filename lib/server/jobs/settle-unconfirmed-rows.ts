import "server-only";
import { writeAudit } from "@/lib/server/audit/audit-trail";
import { transaction } from "@/lib/server/db/database";
import { catalogue } from "@/lib/server/catalogue/catalogue";
import { categoryCreatedEvent } from "@/lib/server/live/category-created";
import { log } from "@/lib/server/log";
import { findProbablyOurs } from "@/lib/shared/probably-ours";
import { jobDetails, jobRequestId } from "./job-audit";
import { confirmCreated, readCreatedIds, readUnknownRows } from "./job-rows";
import type { RunningJob } from "./job-states";
import { errorMessage } from "@/lib/shared/error-message";

/** Finds lost answers' categories in a fresh list, so a person is asked only about the rest; false if unreadable. */
export async function settleUnconfirmedRows(job: RunningJob, leaseOwner: string): Promise<boolean> {
  const unconfirmed = await readUnknownRows(job.id);
  if (unconfirmed.length === 0) return true;
  let categories;
  try {
    categories = await catalogue(job.environment).listCategories({ requestId: jobRequestId(job, "check") });
  } catch (error) {
    log.warn("job_check_failed", {
      ...jobDetails(job),
      error: errorMessage(error),
    });
    return false;
  }
  // A category in the list before sending started, or already matched to a row, is not this row's.
  const notOurs = new Set([...job.knownIds, ...(await readCreatedIds(job.id))]);
  for (const row of unconfirmed) {
    const found = findProbablyOurs(categories, row, notOurs);
    if (!found) continue;
    notOurs.add(found.id);
    await transaction(async (tx) => {
      if (!(await confirmCreated(tx, { id: job.id, line: row.line, categoryId: found.id, leaseOwner }))) return;
      await writeAudit(
        tx,
        [
          {
            action: "category_created",
            actor: job.createdBy,
            details: { categoryId: found.id, name: found.name, ...jobDetails(job), confirmedAfterLostAnswer: 1 },
          },
        ],
        categoryCreatedEvent(job.environment, found, job.createdBy, job.kind),
      );
    });
  }
  return true;
}
