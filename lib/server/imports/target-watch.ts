import "server-only";
import { catalogue } from "@/lib/server/catalogue/catalogue";
import { sameNameKey } from "@/lib/shared/same-name";
import type { Category } from "@/lib/shared/schemas";
import { jobRequestId } from "./job-audit";
import { jobEnvironment } from "./job-environment";
import { type Job, type Row, readCreatedIds } from "./run-store";

// Rows sent within this long of one list read are checked against it, so a large promotion reads the target's list a
// few times a second at most.
const FRESH_MS = 1_000;

export type TargetWatch = {
  /** A category in the target with the row's name that was not there when the promotion started, nor made by it. */
  addedMeanwhile: (row: Row) => Promise<Category | undefined>;
  /** A category this promotion just created: never taken as one someone else added. */
  created: (id: string) => void;
};

/** For a promotion: the names someone added to the target while it ran, so that those rows are skipped. */
export function watchTarget(job: Job): TargetWatch {
  const taken = new Set<string>(job.known_ids ?? []);
  let read: { at: number; byName: Promise<Map<string, Category[]>> } | undefined;

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
    if (!read || Date.now() - read.at > FRESH_MS) {
      const byName = readTarget();
      read = { at: Date.now(), byName };
      // A failed read is not kept: the next row reads again.
      byName.catch(() => {
        if (read?.byName === byName) read = undefined;
      });
    }
    return read.byName;
  }

  return {
    async addedMeanwhile(row) {
      const found = (await fresh()).get(sameNameKey(row.name))?.find((category) => !taken.has(category.id));
      if (found) taken.add(found.id);
      return found;
    },
    created(id) {
      taken.add(id);
    },
  };
}
