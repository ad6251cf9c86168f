import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { readApiResponse, sendApiJson, sendApiRequest } from "@/lib/browser/api-client";
import { coalesce } from "@/lib/browser/coalesce";
import { useLiveEvent } from "@/lib/browser/live/live-events";
import { useLiveState } from "@/lib/browser/live/live-state";
import { waitingRequestId } from "@/lib/browser/requests/waiting-request";
import { type ImportAction, type Job, type JobWithRows, jobKey, jobWithRowsSchema } from "@/lib/shared/job-schemas";

const POLL_MS = 1_000;
// Each read carries every row: a long job is read less often.
const LONG_POLL_MS = 3_000;
const LONG_JOB_ROWS = 1_000;

export function jobPollMs(job: JobWithRows | undefined): number | false {
  if (job?.state !== "running") return false;
  return job.rows.length > LONG_JOB_ROWS ? LONG_POLL_MS : POLL_MS;
}

/** Creates without a response still being looked for in the list: the job runs only for that check. */
export function uncheckedCreates({ state, counts }: Pick<Job, "state" | "counts">): number {
  return state === "running" && counts.pending === 0 && counts.sending === 0 ? counts.unknown : 0;
}

/**
 * Read again at each `job-updated` for it, state and rows in one read; polled while it runs only when the stream is
 * not live. It runs on the server: closing the tab changes nothing there, and any browser can watch it.
 */
export function useJob(id: string) {
  const live = useLiveState() === "live";
  const job = useQuery({
    queryKey: jobKey(id),
    queryFn: async ({ signal }) =>
      readApiResponse(await sendApiRequest(`/api/jobs/${id}`, { signal }), jobWithRowsSchema),
    refetchInterval: (query) => !live && jobPollMs(query.state.data),
  });
  const { refetch } = job;
  const [read] = useState(() => coalesce(refetch));
  useLiveEvent("job-updated", (event) => event.id === id && read());
  // What changed before the stream opened was not announced on it.
  useEffect(() => {
    if (live) read();
  }, [live, read]);
  return job;
}

export type JobActions = ReturnType<typeof useJobAction>;

/**
 * An action on a job, at its kind's API `path`; a start into an environment that needs approval answers with the
 * request it became.
 */
export function useJobAction(job: { id: string; path: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: ImportAction): Promise<{ requestId?: string }> => {
      const response = await sendApiJson(job.path, action);
      const requestId = waitingRequestId(response);
      await readApiResponse(response);
      return { requestId };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKey(job.id) }),
  });
}
