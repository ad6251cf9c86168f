import "server-only";
import { catalogue } from "@/lib/server/catalogue/catalogue";
import { sameNameIndex } from "@/lib/shared/same-name";
import type { Category } from "@/lib/shared/schemas";
import { jobRequestId } from "./job-audit";
import { type RowToSend, readCreatedIds, readUnsettledRows } from "./job-rows";
import type { RunningJob } from "./job-states";

// The target's list is read about once a second, and less often when it is slow to read, so that reading it does not
// take most of the job's time.
const FRESH_MS = 1_000;
const READS_AT_MOST_ONE_IN = 4;

type Named = (name: string) => readonly Category[];

export type TargetWatch = {
  /** A category in the target with the row's name that was not there when the job started, nor made by it. */
  addedMeanwhile: (row: RowToSend) => Promise<Category | undefined>;
  /** A category this job just created: never taken as one someone else added. */
  created: (id: string) => void;
};

/** The names someone added to the target while the job runs, so that those rows are skipped rather than sent. */
export function watchTarget(job: RunningJob): TargetWatch {
  const taken = new Set<string>(job.knownIds);
  let read: { until: number; named: Promise<Named> } | undefined;

  async function readTarget(): Promise<Named> {
    const [categories, ours] = await Promise.all([
      catalogue(job.environment).listCategories({ requestId: jobRequestId(job, "target") }),
      readCreatedIds(job.id),
    ]);
    for (const id of ours) taken.add(id);
    return sameNameIndex(categories.filter((category) => !taken.has(category.id)));
  }

  function fresh(): Promise<Named> {
    if (!read || Date.now() > read.until) {
      const started = Date.now();
      const current = { until: Infinity, named: readTarget() };
      read = current;
      current.named.then(
        () => {
          const took = Date.now() - started;
          current.until = Date.now() + Math.max(FRESH_MS, (READS_AT_MOST_ONE_IN - 1) * took);
        },
        // A failed read is not kept: the next row reads again.
        () => {
          if (read === current) read = undefined;
        },
      );
    }
    return read.named;
  }

  return {
    async addedMeanwhile(row) {
      const found = (await fresh())(row.name).find((category) => !taken.has(category.id));
      if (!found) return undefined;
      // It may be this job's own create of that name whose response never came: then the row is sent, as asked.
      if (sameNameIndex(await readUnsettledRows(job.id, row.line))(row.name).length > 0) return undefined;
      taken.add(found.id);
      return found;
    },
    created(id) {
      taken.add(id);
    },
  };
}
