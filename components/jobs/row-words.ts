import type { JobRow } from "@/lib/shared/job-schemas";

const STATE_WORDS = {
  pending: "Waiting",
  sending: "Sending",
  created: "Created",
  failed: "Failed",
  unknown: "Unknown",
  skipped: "Skipped",
} as const;

/** A row's outcome, the same words for every kind of job. */
export function outcomeWords(row: JobRow): string {
  if (row.confirmedLate) return "Created (found in the catalogue after its response was lost)";
  return row.message ? `${STATE_WORDS[row.state]}: ${row.message}` : STATE_WORDS[row.state];
}
