import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { importJobKey, importRowsKey } from "@/lib/shared/import-query";
import { type ImportAction, type ImportJob, importJobSchema, importRowListSchema } from "@/lib/shared/import-schemas";
import { type EnvironmentPlace, inEnvironment } from "@/lib/shared/environment";
import { readApiResponse, sendApiRequest } from "./api-client";

const JOB_POLL_MS = 1_000;
const ROWS_POLL_MS = 3_000;

const active = (job: ImportJob | undefined) => job?.state === "running";

/** The preview: the file goes to the server, which reads and classifies it; nothing is created yet. */
export async function uploadImportFile(file: File, place: EnvironmentPlace): Promise<ImportJob> {
  const response = await sendApiRequest(inEnvironment("/api/imports", place), {
    method: "POST",
    headers: { "content-type": "text/csv", "x-file-name": encodeURIComponent(file.name) },
    body: file,
  });
  return readApiResponse(response, importJobSchema);
}

// Polled while it runs on the server: closing the tab changes nothing there, and any browser can watch it.
export function useImportJob(id: string) {
  return useQuery({
    queryKey: importJobKey(id),
    queryFn: async ({ signal }) =>
      readApiResponse(await sendApiRequest(`/api/imports/${id}`, { signal }), importJobSchema),
    refetchInterval: (query) => (active(query.state.data) ? JOB_POLL_MS : false),
  });
}

export function useImportRows(id: string, job: ImportJob | undefined) {
  return useQuery({
    queryKey: importRowsKey(id, job?.state),
    queryFn: async ({ signal }) =>
      readApiResponse(await sendApiRequest(`/api/imports/${id}/rows`, { signal }), importRowListSchema),
    refetchInterval: active(job) ? ROWS_POLL_MS : false,
    placeholderData: (previous) => previous,
  });
}

export function useImportAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: ImportAction) =>
      readApiResponse(
        await sendApiRequest(`/api/imports/${id}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(action),
        }),
        importJobSchema,
      ),
    onSuccess: (job) => queryClient.setQueryData(importJobKey(id), job),
  });
}
