import "server-only";
import { importHasRequest } from "@/lib/server/change-requests/request-store";
import type { JobKindOnServer } from "@/lib/server/jobs/job-kind";

/** An import: a file's rows, sent to the environment it was uploaded for. */
export const importKind: JobKindOnServer<"import"> = {
  kind: "import",
  requestIdPrefix: "import",
  auditActions: { started: "import_started", finished: "import_finished", cancelled: "import_cancelled" },
  auditDetails: (job) => ({ importId: job.id, fileName: job.fileName, environment: job.environment }),
  // The person's file name may hold any character: a plain name goes with it.
  resultsFile: (job) => ({
    name: `${job.fileName.replace(/\.csv$/i, "")}-results.csv`,
    plainName: "import-results.csv",
  }),
  resultsColumns: [],
  watchesTarget: false,
  waitingRequest: (job) => importHasRequest(job.id),
};
