import "server-only";
import { stringify } from "csv-stringify/sync";
import { apiRoute } from "@/lib/server/http/api-route";
import { csvResponse } from "@/lib/server/http/csv-response";
import { CSV_OPTIONS } from "@/lib/shared/csv";
import type { JobKind, JobWithRows } from "@/lib/shared/job-schemas";
import { jobWithRows } from "./job-store";
import { assertTokenMay, jobEnvironments } from "@/lib/server/tokens/token-caller";

/** Each row's outcome; a promotion's rows also say the id each category has in the environment it came from. */
function jobResultsCsv({ kind, rows }: JobWithRows): string {
  const promotion = kind === "promotion";
  return stringify(
    [
      ["line", ...(promotion ? ["source id"] : []), "name", "description", "outcome", "id", "message"],
      ...rows.map((row) => [
        row.line,
        ...(promotion ? [row.sourceId ?? ""] : []),
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
      const job = await jobWithRows(params.id, kind);
      assertTokenMay(token, ...jobEnvironments(job));
      if (job.kind === "promotion")
        return csvResponse(jobResultsCsv(job), `promotion-${job.from}-to-${job.to}-results.csv`);
      // The person's file name may hold any character: a plain name goes with it.
      return csvResponse(
        jobResultsCsv(job),
        `${job.fileName.replace(/\.csv$/i, "")}-results.csv`,
        "import-results.csv",
      );
    },
    { tokens: "accepted" },
  );
