// @ts-check
// The benchmark's settings: environment variables, each overridable by a --flag of the same name
// (BENCH_DURATION=2 or --duration=2). --ci picks small, fast settings that only prove the benchmark works.

/**
 * @typedef {{
 *   ci: boolean,
 *   sizes: number[],
 *   postSizes: number[],
 *   connections: number[],
 *   runs: number,
 *   durationSeconds: number,
 *   countFromN: number,
 *   requestsPerConnection: number,
 *   minRequests: number,
 *   gzipFromN: number,
 *   timeoutSeconds: number,
 *   busyPercent: number,
 *   busyRetries: number,
 *   outDir: string,
 *   keepTemp: boolean,
 * }} BenchOptions
 */

const DEFAULTS = {
  N: "20,10000,100000",
  POST_N: "20",
  CONNECTIONS: "1,32",
  RUNS: "3",
  DURATION: "2",
  COUNT_FROM_N: "100000",
  REQUESTS_PER_CONNECTION: "1",
  MIN_REQUESTS: "8",
  GZIP_FROM_N: "10000",
  TIMEOUT: "120",
  BUSY_PERCENT: "20",
  BUSY_RETRIES: "2",
  OUT: "bench/results",
  KEEP_TEMP: "0",
};
const CI = { N: "20", POST_N: "20", RUNS: "1", DURATION: "1", BUSY_RETRIES: "0", OUT: "bench/results/ci" };

/**
 * @param {readonly string[]} argv the arguments after the script
 * @param {Record<string, string | undefined>} env
 * @returns {BenchOptions}
 */
export function readOptions(argv, env) {
  /** @type {Record<string, string>} */
  const flags = {};
  for (const arg of argv) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match) throw new Error(`unknown argument ${arg} (flags look like --duration=2; see bench/README.md)`);
    flags[(match[1] ?? "").toUpperCase().replaceAll("-", "_")] = match[2] ?? "1";
  }
  const ci = isOn(flags.CI ?? env.BENCH_CI ?? "0");
  /** @param {keyof typeof DEFAULTS} name */
  const raw = (name) => flags[name] ?? env[`BENCH_${name}`] ?? (ci ? /** @type {Record<string, string>} */ (CI)[name] : undefined) ?? DEFAULTS[name];
  const known = new Set([...Object.keys(DEFAULTS), "CI"]);
  const unknown = Object.keys(flags).filter((name) => !known.has(name));
  if (unknown.length > 0) throw new Error(`unknown flag --${unknown[0]?.toLowerCase().replaceAll("_", "-")}`);

  return {
    ci,
    sizes: list("N", raw("N"), 1),
    postSizes: raw("POST_N").trim() === "" ? [] : list("POST_N", raw("POST_N"), 1),
    connections: list("CONNECTIONS", raw("CONNECTIONS"), 1),
    runs: whole("RUNS", raw("RUNS"), 1),
    durationSeconds: whole("DURATION", raw("DURATION"), 1),
    countFromN: whole("COUNT_FROM_N", raw("COUNT_FROM_N"), 1),
    requestsPerConnection: whole("REQUESTS_PER_CONNECTION", raw("REQUESTS_PER_CONNECTION"), 1),
    minRequests: whole("MIN_REQUESTS", raw("MIN_REQUESTS"), 1),
    gzipFromN: whole("GZIP_FROM_N", raw("GZIP_FROM_N"), 0),
    timeoutSeconds: whole("TIMEOUT", raw("TIMEOUT"), 1),
    busyPercent: whole("BUSY_PERCENT", raw("BUSY_PERCENT"), 0),
    busyRetries: whole("BUSY_RETRIES", raw("BUSY_RETRIES"), 0),
    outDir: raw("OUT"),
    keepTemp: isOn(raw("KEEP_TEMP")),
  };
}

/** @param {string} value */
function isOn(value) {
  return !["", "0", "false", "no", "off"].includes(value.trim().toLowerCase());
}

/** @param {string} name @param {string} value @param {number} min */
function whole(name, value, min) {
  const number = Number(value.replaceAll("_", ""));
  if (!Number.isInteger(number) || number < min) throw new Error(`BENCH_${name} must be a whole number ≥ ${min} (got "${value}")`);
  return number;
}

/** @param {string} name @param {string} value @param {number} min */
function list(name, value, min) {
  const values = value.split(",").map((part) => whole(name, part.trim(), min));
  return [...new Set(values)].sort((a, b) => a - b);
}
