// @ts-check
// An import and a promotion, made through the documented HTTP API (docs/api.md) as any other client would, so that
// `npm run lighthouse` and `npm run screenshots` have a job page of each kind to open; likewise a webhook endpoint.
import { once } from "node:events";
import { createServer } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { parse } from "lossless-json";

/**
 * POST /api/imports with the file as the body: the import's preview, nothing sent yet. Returns the import's id.
 * @param {string} appUrl @param {string} cookie an admin's @param {{ fileName: string, csv: string }} file
 */
export async function createImport(appUrl, cookie, { fileName, csv }) {
  const job = await send(`${appUrl}/api/imports`, cookie, {
    headers: { "content-type": "text/csv", "x-file-name": encodeURIComponent(fileName) },
    body: csv,
  });
  return job.id;
}

/**
 * POST /api/promotions of the first `count` categories only in `from`, as /api/compare lists them; returns the
 * promotion's id once it has finished, so its page shows results rather than rows still being sent.
 * @param {string} appUrl @param {string} cookie an admin's
 * @param {{ from: "staging" | "production", to: "staging" | "production", count: number }} choice
 */
export async function promote(appUrl, cookie, { from, to, count }) {
  const ids = await onlyIn(appUrl, cookie, from, count);
  const promotion = await send(`${appUrl}/api/promotions`, cookie, {
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ from, to, ids }),
  });
  const deadline = Date.now() + 30_000;
  for (let state = promotion.state; state !== "finished"; ) {
    if (state === "paused" || state === "cancelled" || Date.now() > deadline)
      throw new Error(`promotion ${promotion.id} is ${state}, not finished`);
    await sleep(200);
    const response = await fetch(`${appUrl}/api/promotions/${promotion.id}`, { headers: { cookie } });
    state = (await response.json()).state;
  }
  return promotion.id;
}

/**
 * POST /api/promotions into an environment that needs approval (APPROVAL_REQUIRED_FOR): it must answer 202 with the
 * request, whose id this returns, for the requests' pages.
 * @param {string} appUrl @param {string} cookie an admin's
 * @param {{ from: "staging" | "production", to: "staging" | "production", count: number }} choice
 */
export async function requestPromotion(appUrl, cookie, { from, to, count }) {
  const ids = await onlyIn(appUrl, cookie, from, count);
  const response = await fetch(`${appUrl}/api/promotions`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ from, to, ids }),
  });
  if (response.status !== 202)
    throw new Error(`POST /api/promotions answered ${response.status}: ${await response.text()}`);
  return /** @type {{ request: { id: string } }} */ (await response.json()).request.id;
}

/** What an app started for these pages needs to send its endpoint's events to a receiver on loopback. */
export const WEBHOOK_RECEIVER_ENV = { WEBHOOK_ALLOWED_NETWORKS: "127.0.0.1/32" };

/**
 * POST /api/webhooks of a Slack endpoint whose receiver answers on loopback (the app needs WEBHOOK_RECEIVER_ENV), and
 * a test event for it, so its page has a delivery to show; returns its id. Nothing leaves the machine.
 * @param {string} appUrl @param {string} cookie an admin's
 */
export async function createWebhook(appUrl, cookie) {
  const receiver = createServer((request, response) => request.resume().on("end", () => response.end("ok")));
  receiver.listen(0, "127.0.0.1").unref();
  await once(receiver, "listening");
  const { port } = /** @type {import("node:net").AddressInfo} */ (receiver.address());
  const created = await fetch(`${appUrl}/api/webhooks`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({
      name: "Ops channel",
      url: `http://127.0.0.1:${port}/services/T000/B000/lighthouse`,
      format: "slack",
      events: ["request.created", "import.finished"],
    }),
  });
  if (created.status !== 201) throw new Error(`POST /api/webhooks answered ${created.status}: ${await created.text()}`);
  const { webhook } = /** @type {{ webhook: { id: string } }} */ (await created.json());
  const test = await fetch(`${appUrl}/api/webhooks/${webhook.id}/test`, { method: "POST", headers: { cookie } });
  if (test.status !== 202) throw new Error(`POST …/test answered ${test.status}: ${await test.text()}`);
  return webhook.id;
}

/**
 * The ids of the first `count` categories only in `from`, as /api/compare lists them.
 * @param {string} appUrl @param {string} cookie @param {"staging" | "production"} from @param {number} count
 */
async function onlyIn(appUrl, cookie, from, count) {
  const comparison = await fetch(`${appUrl}/api/compare`, { headers: { cookie } });
  if (!comparison.ok) throw new Error(`GET /api/compare answered ${comparison.status}: ${await comparison.text()}`);
  // Ids are int64 digits: lossless-json keeps those past 2^53 exact.
  const groups = /** @type {Record<string, { id: unknown }[]>} */ (parse(await comparison.text()));
  const ids = (groups[from === "staging" ? "onlyInStaging" : "onlyInProduction"] ?? [])
    .slice(0, count)
    .map(({ id }) => String(id));
  if (ids.length < count) throw new Error(`only ${ids.length} categories are only in ${from}, not ${count}`);
  return ids;
}

/**
 * A POST that must answer 201; its JSON body. No Origin header, as the app's own scripts send none.
 * @param {string} url @param {string} cookie @param {{ headers: Record<string, string>, body: string }} request
 * @returns {Promise<{ id: string, state: string }>}
 */
async function send(url, cookie, { headers, body }) {
  const response = await fetch(url, { method: "POST", headers: { ...headers, cookie }, body });
  if (response.status !== 201) throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}
