// @ts-check
// GET /api/compare against the two list reads it makes, in turn: the first round warms both up, then the order
// alternates, so neither always meets the machine first.
import { listReader } from "./list-reads.mjs";
import { median } from "./report.mjs";
import { timed } from "./script.mjs";

/** @typedef {{ id: string, name: string, description?: string }} Category */
/** @typedef {{ onlyInStaging: Category[], onlyInProduction: Category[], differing: unknown[], same: number }} Comparison */
/** @typedef {import("./list-reads.mjs").Service} Service */

/**
 * @param {{ url: string, cookie: string, services: readonly [Service, Service], runs: number, problems: string[] }} options
 *   `url`: the app's; `services`: staging's and production's catalogue.
 */
export async function timeCompare({ url, cookie, services, runs, problems }) {
  const reader = listReader();
  /** @type {{ reads: number[], compare: number[] }} */
  const times = { reads: [], compare: [] };
  /** @type {Comparison | undefined} */
  let comparison;
  let listBytes = [0, 0];
  const reads = async () => {
    const got = await reader.read(services);
    if (got.statuses.some((status) => status !== 200)) problems.push(`A list read answered ${got.statuses}.`);
    listBytes = got.bytes;
    return got.ms;
  };
  const compare = async () => {
    const { ms, status, body } = await timed(`${url}/api/compare`, { headers: { cookie } });
    if (status !== 200) problems.push(`GET /api/compare answered ${status}: ${body.slice(0, 200)}`);
    else comparison = JSON.parse(body);
    return ms;
  };
  try {
    for (let round = -1; round < runs; round++) {
      const turns = /** @type {const} */ ([
        ["reads", reads],
        ["compare", compare],
      ]);
      for (const [name, run] of round % 2 ? turns : [...turns].reverse()) {
        const ms = await run();
        if (round >= 0) times[name].push(ms);
      }
    }
  } finally {
    await reader.stop();
  }
  return { times, compareMs: median(times.compare), readsMs: median(times.reads), comparison, listBytes };
}
