import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type ImportAction,
  type Job,
  type JobKind,
  type JobWithRows,
  jobKey,
  jobWithRowsSchema,
} from "@/lib/shared/job-schemas";
import { readApiResponse, sendApiRequest } from "./api-client";

const POLL_MS = 1_000;
// Each read carries every row: a long job is read less often.
const LONG_POLL_MS = 3_000;
const LONG_JOB_ROWS = 1_000;

export const JOB_WORDS: Record<JobKind, { noun: string; Noun: string }> = {
  import: { noun: "import", Noun: "Import" },
  promotion: { noun: "promotion", Noun: "Promotion" },
};

/** The job's own address in the API: its actions and its results file. */
export const jobPath = ({ kind, id }: Pick<Job, "kind" | "id">) => `/api/${kind}s/${id}`;

/** How often a job is read again: while it runs on the server, and never once it has stopped. */
export function jobPollMs(job: JobWithRows | undefined): number | false {
  if (job?.state !== "running") return false;
  return job.rows.length > LONG_JOB_ROWS ? LONG_POLL_MS : POLL_MS;
}

/**
 * Creates that got no response, being looked for in a fresh read of the list: every row is sent, and the job is
 * still running only for that check. Zero otherwise.
 */
export function uncheckedCreates({ state, counts }: Pick<Job, "state" | "counts">): number {
  return state === "running" && counts.pending === 0 && counts.sending === 0 ? counts.unknown : 0;
}

// Polled while it runs on the server: closing the tab changes nothing there, and any browser can watch it. The job and
// its rows come from one read, so the page never shows a state its rows contradict.
export function useJob(id: string) {
  return useQuery({
    queryKey: jobKey(id),
    queryFn: async ({ signal }) =>
      readApiResponse(await sendApiRequest(`/api/jobs/${id}`, { signal }), jobWithRowsSchema),
    refetchInterval: (query) => jobPollMs(query.state.data),
  });
}

export function useJobAction(job: Pick<Job, "kind" | "id">) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: ImportAction) =>
      readApiResponse(
        await sendApiRequest(jobPath(job), {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(action),
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKey(job.id) }),
  });
}
