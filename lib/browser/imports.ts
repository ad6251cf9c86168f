import { type Job, jobSchema } from "@/lib/shared/job-schemas";
import { type EnvironmentPlace, inEnvironment } from "@/lib/shared/environment";
import { readApiResponse, sendApiRequest } from "./api-client";

/** The preview: the file goes to the server, which reads and classifies it; nothing is created yet. */
export async function uploadImportFile(file: File, place: EnvironmentPlace): Promise<Job> {
  const response = await sendApiRequest(inEnvironment("/api/imports", place), {
    method: "POST",
    headers: { "content-type": "text/csv", "x-file-name": encodeURIComponent(file.name) },
    body: file,
  });
  return readApiResponse(response, jobSchema);
}
