import "server-only";
import { catalogue } from "@/lib/server/catalogue/catalogue";
import { sameNameKey } from "@/lib/shared/same-name";
import type { Category } from "@/lib/shared/schemas";
import { jobRequestId } from "@/lib/server/imports/job-audit";
import { jobEnvironment } from "@/lib/server/imports/job-environment";
import { type Job, type Row, readCreatedIds, readUnsettledNames } from "@/lib/server/imports/run-store";

// Rows sent within this long after a list read came back are checked against it, so a promotion reads the target's
// list about once a second; a list that takes long to read is read less often, so that reading it does not take most
// of the promotion's time.
const FRESH_MS = 1_000;
const READS_AT_MOST_ONE_IN = 4;

export type TargetWatch = {
  /** A category in the target with the row's name that was not there when the promotion started, nor made by it. */
  addedMeanwhile: (row: Row) => Promise<Category | undefined>;
  /** A category this promotion just created: never taken as one someone else added. */
  created: (id: string) => void;
};

/** For a promotion: the names someone added to the target while it ran, so that those rows are skipped. */
export function watchTarget(job: Job): TargetWatch {
  const taken = new Set<string>(job.known_ids ?? []);
  let read: { until: number; byName: Promise<Map<string, Category[]>> } | undefined;

  async function readTarget(): Promise<Map<string, Category[]>> {
    const [categories, ours] = await Promise.all([
      catalogue(jobEnvironment(job)).listCategories({ requestId: jobRequestId(job, "target") }),
      readCreatedIds(job.id),
    ]);
    for (const id of ours) taken.add(id);
    const byName = new Map<string, Category[]>();
    for (const category of categories) {
      if (taken.has(category.id)) continue;
      const key = sameNameKey(category.name);
      byName.set(key, [...(byName.get(key) ?? []), category]);
    }
    return byName;
  }

  function fresh(): Promise<Map<string, Category[]>> {
    if (!read || Date.now() > read.until) {
      const started = Date.now();
      const byName = readTarget();
      const current = { until: Infinity, byName };
      read = current;
      byName.then(
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
    return read.byName;
  }

  /**
   * A create of this promotion with the same name that got no response may be what the list shows: that is not
   * someone else's, and the row is sent, as the person asked for both.
   */
  async function sentByUs(row: Row): Promise<boolean> {
    const key = sameNameKey(row.name);
    return (await readUnsettledNames(job.id, row.line)).some((name) => sameNameKey(name) === key);
  }

  return {
    async addedMeanwhile(row) {
      const found = (await fresh()).get(sameNameKey(row.name))?.find((category) => !taken.has(category.id));
      if (!found || (await sentByUs(row))) return undefined;
      taken.add(found.id);
      return found;
    },
    created(id) {
      taken.add(id);
    },
  };
}
