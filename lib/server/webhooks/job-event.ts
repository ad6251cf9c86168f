import "server-only";
import type { Db } from "@/lib/server/db/database";
import type { Job } from "@/lib/shared/job-schemas";
import { appLink } from "./app-link";
import { queueWebhookEvent } from "./delivery-store";

const page = (job: Job) =>
  `${job.kind === "promotion" ? "/promotions" : "/categories/import"}/${job.id}?environment=${job.environment}`;

/**
 * `import.finished`, `promotion.paused`, …, in `db`: the transaction of the job's end or pause. A cancelled job's end
 * is `*.finished` too, with its state: the job ran its course, and whoever follows it hears so.
 */
export async function queueJobEvent(db: Db, job: Job, happened: "finished" | "paused"): Promise<void> {
  const { id, kind, environment, state, counts } = job;
  await queueWebhookEvent(db, {
    type: `${kind}.${happened}`,
    environment,
    data: JSON.stringify({ job: { id, kind, environment, state, counts }, url: appLink(page(job)) }),
  });
}
