import "server-only";
import { stringify } from "csv-stringify/sync";
import { apiRoute } from "@/lib/server/http/api-route";
import { csvResponse } from "@/lib/server/http/csv-response";
import { CSV_OPTIONS } from "@/lib/shared/csv";
import type { JobKind, JobWithRows } from "@/lib/shared/job-schemas";
import { kindOf } from "./job-kinds";
import { jobWithRows } from "./job-store";
import { allowedJob } from "@/lib/server/tokens/token-caller";

/** Each row's outcome, with the columns of the job's kind after its line. */
function jobResultsCsv(job: JobWithRows): string {
  const columns = kindOf(job).resultsColumns;
  return stringify(
    [
      ["line", ...columns.map(([header]) => header), "name", "description", "outcome", "id", "message"],
      ...job.rows.map((row) => [
        row.line,
        ...columns.map(([, cell]) => cell(row)),
        row.name,
        row.description ?? "",
        // A row still waiting has no outcome yet; one never sent (repeated, invalid, already there) is skipped.
        row.state === "pending" || row.state === "sending" ? "unknown" : row.state,
        row.categoryId ?? (row.state === "skipped" ? (row.existingId ?? "") : ""),
        row.confirmedLate
          ? "Found in the catalogue after its response was lost"
          : (row.message ?? (row.state === "skipped" ? (row.note ?? "") : "")),
      ]),
    ],
    { ...CSV_OPTIONS, bom: true },
  );
}

export const resultsRoute = (kind: JobKind) =>
  apiRoute(
    "admin",
    async (_request, { params, token }) => {
      const job = allowedJob(token, await jobWithRows(params.id, kind));
      const { name, plainName } = kindOf(job).resultsFile(job);
      return csvResponse(jobResultsCsv(job), name, plainName);
    },
    { tokens: "accepted" },
  );
