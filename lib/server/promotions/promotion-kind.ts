import "server-only";
import type { JobKindOnServer } from "@/lib/server/jobs/job-kind";

/** A promotion: categories read from one environment, added to the other. */
export const promotionKind: JobKindOnServer<"promotion"> = {
  kind: "promotion",
  requestIdPrefix: "promote",
  auditActions: { started: "promotion_started", finished: "promotion_finished", cancelled: "promotion_cancelled" },
  auditDetails: (job) => ({ promotionId: job.id, from: job.from, environment: job.environment }),
  resultsFile: (job) => ({ name: `promotion-${job.from}-to-${job.to}-results.csv` }),
  // Each category's id in the environment it came from.
  resultsColumns: [["source id", (row) => row.sourceId ?? ""]],
  watchesTarget: true,
};
