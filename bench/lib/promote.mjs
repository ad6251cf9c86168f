// @ts-check
// A promotion through the API, as the compare page starts one: `count` categories that GET /api/compare lists only in
// staging and whose names are not in production, from POST /api/promotions until the job has finished. Production's list, read from the service
// afterwards, must have grown by exactly `count`, with each promoted name in it once; what differs is returned as
// problems.
import { setTimeout as sleep } from "node:timers/promises";
import { parse } from "lossless-json";
import { format } from "./report.mjs";

const [POLL_MS, GIVE_UP_MS] = [200, 10 * 60_000];
/** @typedef {{ id: string, name: string }} Category @typedef {{ url: string, apiKey: string }} Service */
/** @typedef {{ id: string, state: string, counts: Record<string, number> }} Job */

const nameKey = (/** @type {string} */ name) => name.trim().toLowerCase();

/** How many categories the service lists, and how many under each name. @param {Service} service */
async function namesIn({ url, apiKey }) {
  const response = await fetch(`${url}/categories`, { headers: { authorization: `Bearer ${apiKey}` } });
  if (response.status !== 200) throw new Error(`production's list answered ${response.status}`);
  const list = /** @type {Category[]} */ (await response.json());
  /** @type {Map<string, number>} */
  const names = new Map();
  for (const { name } of list) names.set(nameKey(name), (names.get(nameKey(name)) ?? 0) + 1);
  return { total: list.length, names };
}

/** @param {Response} response @param {number} expected */
async function jobFrom(response, expected) {
  const text = await response.text();
  if (response.status !== expected)
    throw new Error(`${response.url} answered ${response.status}: ${text.slice(0, 300)}`);
  return /** @type {Job} */ (JSON.parse(text));
}

/** @param {{ app: { url: string }, cookie: string, productionService: Service, count: number }} options */
export async function promote({ app, cookie, productionService, count }) {
  const compared = await fetch(`${app.url}/api/compare`, { headers: { cookie } });
  if (compared.status !== 200) throw new Error(`GET /api/compare answered ${compared.status}`);
  // Every number as its digits: ids are sent back as strings, exact beyond 2^53.
  const comparison = /** @type {{ onlyInStaging: Category[] }} */ (parse(await compared.text(), null, String));
  const before = await namesIn(productionService);
  // A surplus repeat of a name production has is "only in staging" too, but the job rightly skips it.
  const chosen = comparison.onlyInStaging.filter(({ name }) => !before.names.has(nameKey(name))).slice(0, count);
  if (chosen.length < count)
    throw new Error(`only ${chosen.length} categories in staging have a name new to production`);
  const body = JSON.stringify({ from: "staging", to: "production", ids: chosen.map(({ id }) => id) });
  const headers = { cookie, "content-type": "application/json", origin: app.url };
  const started = performance.now();
  let job = await jobFrom(await fetch(`${app.url}/api/promotions`, { method: "POST", headers, body }), 201);
  while (job.state === "running") {
    if (performance.now() - started > GIVE_UP_MS) throw new Error(`the job still runs after ${GIVE_UP_MS / 1000} s`);
    await sleep(POLL_MS);
    job = await jobFrom(await fetch(`${app.url}/api/promotions/${job.id}`, { headers: { cookie } }), 200);
  }
  const ms = performance.now() - started;
  const after = await namesIn(productionService);
  const twice = chosen.filter(({ name }) => (after.names.get(nameKey(name)) ?? 0) > 1).length;
  const missing = chosen.filter(({ name }) => !after.names.has(nameKey(name))).length;
  const { created = 0, skipped = 0, failed = 0, unknown = 0 } = job.counts;
  const grown = after.total - before.total;
  /** @type {string[]} */
  const problems = [];
  if (job.state !== "finished") problems.push(`the job ended ${job.state}`);
  if (created !== count) problems.push(`created ${created} of ${count}`);
  if (grown !== created) problems.push(`production grew by ${grown}, not by the ${created} created`);
  if (twice > 0) problems.push(`${twice} promoted name(s) now twice in production`);
  const counts = [`created ${format.count(created)}`, `skipped ${skipped}`, `failed ${failed}`, `unknown ${unknown}`];
  const note =
    `${job.state}: ${counts.join(", ")}; production ${format.count(before.total)} → ${format.count(after.total)}; ` +
    `promoted names twice in production: ${twice}, missing: ${missing}`;
  return { ms, note, problems };
}
