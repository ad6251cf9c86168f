import "server-only";
import { apiRoute } from "@/lib/server/http/api-route";
import { csvResponse } from "@/lib/server/http/csv-response";
import type { JobKind } from "@/lib/shared/job-schemas";
import { jobWithRows } from "./job-by-id";
import { jobResultsCsv, resultsFileName } from "./results-csv";

/** GET /api/imports/<id>/results and /api/promotions/<id>/results: each row's outcome as a CSV file. */
export const resultsRoute = (kind: JobKind) =>
  apiRoute("admin", async (_request, { params }) => {
    const job = await jobWithRows(params.id, kind);
    // An import's results are named after the person's file, which may hold any character.
    const plainName = job.kind === "import" ? "import-results.csv" : undefined;
    return csvResponse(jobResultsCsv(job), resultsFileName(job), plainName);
  });
