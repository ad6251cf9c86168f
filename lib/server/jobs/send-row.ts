import "server-only";
import { recordCreateRequested } from "@/lib/server/audit/audit-trail";
import { catalogue } from "@/lib/server/catalogue/catalogue";
import { AppError } from "@/lib/shared/app-error";
import { createFailureKind } from "@/lib/shared/create-outcome";
import type { Job } from "@/lib/shared/job-schemas";
import { categoryCreatedEvent } from "@/lib/server/live/category-created";
import { jobDetails, jobRequestId } from "./job-audit";
import { type RowToSend, setRowState } from "./job-rows";
import type { TargetWatch } from "./target-watch";
import { errorMessage } from "@/lib/shared/error-message";

export type Outcome = "created" | "refused" | "unconfirmed" | "not-sent" | "busy" | "skipped";

/** One row's create, its audit entry and its end state: the row was marked sending before this. */
export async function sendRow(
  job: Job,
  row: RowToSend,
  target?: TargetWatch,
): Promise<{ outcome: Outcome; message?: string }> {
  if (target) {
    let existing;
    try {
      existing = await target.addedMeanwhile(row);
    } catch (error) {
      // Without the target's list, the row could duplicate one added meanwhile: it waits, as for an outage.
      await setRowState(job.id, row.line, "pending");
      return { outcome: "not-sent", message: errorMessage(error) };
    }
    if (existing) {
      const message = `Already in ${job.environment}: added there after the promotion started.`;
      await setRowState(job.id, row.line, "skipped", { categoryId: existing.id, message });
      return { outcome: "skipped" };
    }
  }
  const input = row.description === null ? { name: row.name } : { name: row.name, description: row.description };
  const requestId = jobRequestId(job, row.line);
  const entry = await recordCreateRequested({
    actor: job.createdBy,
    requestId,
    details: { name: row.name, ...jobDetails(job) },
  }).catch(async (error: unknown) => {
    // Nothing was sent, so the row may go again. If the database is down this fails too, and the next run finds the
    // row 'sending' and asks a person about it: safe, if not exact.
    await setRowState(job.id, row.line, "pending").catch(() => undefined);
    throw error;
  });
  let created;
  try {
    created = await catalogue(job.environment).createCategory(input, { requestId });
  } catch (error) {
    await entry.complete("category_create_failed", {
      reason: error instanceof AppError ? error.code : "internal_error",
    });
    const message = errorMessage(error);
    const kind = createFailureKind(error);
    if (kind === "refused") {
      await setRowState(job.id, row.line, "failed", { message });
      return { outcome: "refused" };
    }
    if (kind === "not-sent") {
      await setRowState(job.id, row.line, "pending");
      return { outcome: error instanceof AppError && error.code === "upstream_busy" ? "busy" : "not-sent", message };
    }
    // It may have been applied, so it is not sent again without a person or a check of the list.
    await setRowState(job.id, row.line, "unknown", { message });
    return { outcome: "unconfirmed", message };
  }
  target?.created(created.id);
  await setRowState(job.id, row.line, "created", { categoryId: created.id });
  await entry.complete(
    "category_created",
    { categoryId: created.id, name: created.name },
    categoryCreatedEvent(job.environment, created, job.createdBy, job.kind),
  );
  return { outcome: "created" };
}
