import type { Comparison } from "./compare-schemas";
import { count, formatCount } from "./plural";

/** "12 only in staging, 3 only in production, 2 differ, 980 the same". */
export function comparisonSummary({ onlyInStaging, onlyInProduction, differing, same }: Comparison): string {
  return [
    `${formatCount(onlyInStaging.length)} only in staging`,
    `${formatCount(onlyInProduction.length)} only in production`,
    count(differing.length, "differs", "differ"),
    `${formatCount(same)} the same`,
  ].join(", ");
}
