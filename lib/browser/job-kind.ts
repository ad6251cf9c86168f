import type { ImportJob } from "@/lib/shared/import-schemas";

/** What the progress and result components need of a job: an import's or a promotion's, which have the same counts. */
export type JobSummary = Pick<ImportJob, "id" | "state" | "counts" | "pauseReason">;

/** The two kinds of job the import's runner sends: a file's rows, or categories from the other environment. */
export type JobKind = "import" | "promotion";

export const JOB_WORDS: Record<JobKind, { noun: string; Noun: string; results: (id: string) => string }> = {
  import: { noun: "import", Noun: "Import", results: (id) => `/api/imports/${id}/results` },
  promotion: { noun: "promotion", Noun: "Promotion", results: (id) => `/api/promotions/${id}/results` },
};

/**
 * Creates that got no response, being looked for in a fresh read of the list: every row is sent, and the job is
 * still running only for that check. Zero otherwise.
 */
export function uncheckedCreates({ state, counts }: JobSummary): number {
  return state === "running" && counts.pending === 0 && counts.sending === 0 ? counts.unknown : 0;
}
