import "server-only";
import { stateConflict } from "@/lib/server/jobs/job-states";
import { readJobWithRows } from "@/lib/server/jobs/job-store";
import { AppError } from "@/lib/shared/app-error";
import type { Job } from "@/lib/shared/job-schemas";
import { sweepRequests } from "./sweep-requests";
import { openRequest } from "./open-request";
import { importHasRequest } from "./request-store";
import { isUniqueViolation } from "@/lib/server/db/unique-violation";

const waiting = (action: string, requestId: string) =>
  new AppError(
    409,
    "import_state_conflict",
    `This import waits for approval (request ${requestId}), so it cannot ${action} now. Withdraw or reject the request first.`,
  );

/** An import with a request waiting is the request's: neither started nor cancelled directly. */
export async function refuseWhileRequested(job: Job, action: string): Promise<void> {
  if (job.state !== "preview") return;
  await sweepRequests();
  const waitingId = await importHasRequest(job.id);
  if (waitingId) throw waiting(action, waitingId);
}

/** The start, as a request: the import stays in preview with the rows it will send. */
export async function requestImportStart(
  job: Job,
  createExisting: boolean,
  context: { requestId: string; actor: string; token?: string },
): Promise<Response> {
  const stored = await readJobWithRows(job.id, "import");
  if (stored?.kind !== "import" || stored.state !== "preview") throw stateConflict(stored ?? job, "start");
  const rows = stored.rows
    .filter((row) => row.class === "new" || (createExisting && row.class === "existing"))
    .map(({ line, name, description }) => ({ line, name, description }));
  const details = { importId: job.id, fileName: stored.fileName, createExisting, rows };
  try {
    return await openRequest(
      {
        kind: "import",
        environment: job.environment,
        categories: rows.length,
        details: JSON.stringify(details),
        importId: job.id,
      },
      context,
    );
  } catch (error) {
    // Another admin asked to start it at the same moment: one request per import (a unique index).
    if (isUniqueViolation(error)) throw waiting("start", (await importHasRequest(job.id)) ?? "");
    throw error;
  }
}
