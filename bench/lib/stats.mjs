// @ts-check
// Pure arithmetic of the benchmark: percentiles, medians and ratios. No I/O, so it is unit-tested.

/**
 * The p-th percentile (0–100) of the values, nearest-rank on sorted values; NaN when there are none.
 * @param {ArrayLike<number>} values @param {number} p
 */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.ceil((p / 100) * sorted.length);
  return /** @type {number} */ (sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]);
}

/** The median of finite values (the mean of the middle two for an even count); NaN when there are none. @param {readonly number[]} values */
export function median(values) {
  const finite = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (finite.length === 0) return Number.NaN;
  const middle = Math.floor(finite.length / 2);
  return finite.length % 2 === 1
    ? /** @type {number} */ (finite[middle])
    : (/** @type {number} */ (finite[middle - 1]) + /** @type {number} */ (finite[middle])) / 2;
}

/** a / b, or NaN when either is missing or b is zero. @param {number | undefined} a @param {number | undefined} b */
export function ratio(a, b) {
  if (a === undefined || b === undefined || !Number.isFinite(a) || !Number.isFinite(b) || b === 0) return Number.NaN;
  return a / b;
}

/**
 * Completed requests per second between the start of a run and its last response.
 * Autocannon's own figure averages whole-second samples, which short or request-counted runs skew.
 * @param {number} completed @param {number} elapsedMs
 */
export function perSecond(completed, elapsedMs) {
  return elapsedMs > 0 ? (completed * 1000) / elapsedMs : Number.NaN;
}

/**
 * The order of the targets in run `run`: rotated each run, so no target always goes first (warm caches)
 * or last (a machine that heats up).
 * @template T @param {readonly T[]} targets @param {number} run
 */
export function rotate(targets, run) {
  const shift = targets.length === 0 ? 0 : run % targets.length;
  return [...targets.slice(shift), ...targets.slice(0, shift)];
}
