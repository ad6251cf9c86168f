import * as z from "zod/mini";
import { readApiResponse, sendApiRequest } from "@/lib/browser/api-client";
import { type EnvironmentPlace, inEnvironment } from "@/lib/shared/environment";

// Apart from jobs.ts, so that the import page's form does not bring the job page's reads and actions with it. The
// page goes to the new import's page, which reads it whole: only its id is read here.
const newImportSchema = z.object({ id: z.string() });

/** An import's preview: the file goes to the server, which reads and classifies it; nothing is created yet. */
export async function uploadImportFile(file: File, place: EnvironmentPlace): Promise<{ id: string }> {
  const response = await sendApiRequest(inEnvironment("/api/imports", place), {
    method: "POST",
    headers: { "content-type": "text/csv", "x-file-name": encodeURIComponent(file.name) },
    body: file,
  });
  return readApiResponse(response, newImportSchema);
}
