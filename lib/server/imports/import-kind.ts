import "server-only";
import { importHasRequest } from "@/lib/server/change-requests/request-store";
import type { JobKindOnServer } from "@/lib/server/jobs/job-kind";
import { inEnvironment } from "@/lib/shared/environment";

/** An import: a file's rows, sent to the environment it was uploaded for. */
export const importKind: JobKindOnServer<"import"> = {
  kind: "import",
  requestIdPrefix: "import",
  auditActions: { started: "import_started", finished: "import_finished", cancelled: "import_cancelled" },
  environments: (job) => [job.environment],
  auditDetails: (job) => ({ importId: job.id, fileName: job.fileName, environment: job.environment }),
  // The person's file name may hold any character: a plain name goes with it.
  resultsFile: (job) => ({
    name: `${job.fileName.replace(/\.csv$/i, "")}-results.csv`,
    plainName: "import-results.csv",
  }),
  resultsColumns: [],
  watchesTarget: false,
  pagePath: (id, place) => (place ? inEnvironment(`/categories/import/${id}`, place) : `/categories/import/${id}`),
  page: {
    title: (job) => `Import of ${job.fileName}`,
    // A promotion's title names its target already; an import's names only its file.
    startedBy: (job, manyEnvironments) => (manyEnvironments ? `Into ${job.environment}, started` : "Started"),
    notAllowed: { title: "Import", what: "import categories" },
  },
  recent: {
    heading: "Running and recent imports",
    plural: "imports",
    firstColumn: "File",
    linkText: (job) => job.fileName,
    inPreview: "Preview, not started",
  },
  waitingRequest: (job) => importHasRequest(job.id),
};
