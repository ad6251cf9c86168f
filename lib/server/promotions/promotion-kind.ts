import "server-only";
import type { JobKindOnServer } from "@/lib/server/jobs/job-kind";
import { count } from "@/lib/shared/plural";

/** A promotion: categories read from one environment, added to the other. */
export const promotionKind: JobKindOnServer<"promotion"> = {
  kind: "promotion",
  requestIdPrefix: "promote",
  auditActions: { started: "promotion_started", finished: "promotion_finished", cancelled: "promotion_cancelled" },
  environments: (job) => [job.from, job.to],
  auditDetails: (job) => ({ promotionId: job.id, from: job.from, environment: job.environment }),
  resultsFile: (job) => ({ name: `promotion-${job.from}-to-${job.to}-results.csv` }),
  // Each category's id in the environment it came from.
  resultsColumns: [["source id", (row) => row.sourceId ?? ""]],
  watchesTarget: true,
  // Its address names no environment: the promotion names both.
  pagePath: (id) => `/promotions/${id}`,
  page: {
    title: (job) => `Promotion from ${job.from} to ${job.to}`,
    startedBy: () => "Started",
    notAllowed: { title: "Promotion", what: "promote categories" },
  },
  recent: {
    heading: "Recent promotions",
    plural: "promotions",
    firstColumn: "Promotion",
    linkText: (job) => `${count(job.counts.rows, "category", "categories")} from ${job.from} to ${job.to}`,
    inPreview: "Starting",
  },
};
