import { readApiResponse, sendApiRequest } from "@/lib/browser/api-client";
import { type EnvironmentPlace, inEnvironment } from "@/lib/shared/environment";
import { type Job, jobSchema } from "@/lib/shared/job-schemas";

// Apart from jobs.ts, so that the import page's form does not bring the job page's reads and actions with it.

/** An import's preview: the file goes to the server, which reads and classifies it; nothing is created yet. */
export async function uploadImportFile(file: File, place: EnvironmentPlace): Promise<Job> {
  const response = await sendApiRequest(inEnvironment("/api/imports", place), {
    method: "POST",
    headers: { "content-type": "text/csv", "x-file-name": encodeURIComponent(file.name) },
    body: file,
  });
  return readApiResponse(response, jobSchema);
}
