// @ts-check
// `npm run bench:webhooks` (part of `npm run bench`), issue 45's figures, on the production build:
// 1. 1,000 creates with three endpoints taking category.created, each a receiver on loopback: the p95 from a create's
//    201 (its commit is before it) to the first attempt's request at each receiver (goal ≤ 1 s).
// 2. Creates per second, eight at a time, with those three endpoints subscribed and one of them hanging until its
//    timeout, against none subscribed (goal ≥ 0.95×).
// On PostgreSQL (BENCH_POSTGRES_URL or TEST_POSTGRES_URL), else embedded.
import { once } from "node:events";
import { createServer } from "node:http";
import { EMBEDDED_POOL_MAX } from "../lib/node/embedded-database.mjs";
import { format, median, table } from "./lib/report.mjs";
import { CI, RUN, SERVER_URL as serverUrl, saveReport, timed, withApp } from "./lib/script.mjs";

const [EVENTS, CREATES, CLIENTS, ROUNDS] = CI ? [50, 80, 8, 1] : [1_000, 500, 8, 3];

/** A receiver on loopback: when each category's event first arrived; one that hangs never answers. */
async function receiver(hang = false) {
  /** @type {Map<string, number>} */
  const firstSeen = new Map();
  const server = createServer((request, response) => {
    const chunks = /** @type {Buffer[]} */ ([]);
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      const at = performance.now();
      const name = JSON.parse(Buffer.concat(chunks).toString("utf8"))?.data?.category?.name;
      if (typeof name === "string" && !firstSeen.has(name)) firstSeen.set(name, at);
      if (!hang) response.writeHead(204).end();
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}/hook`,
    firstSeen,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** @param {number[]} values @param {number} p */
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

const rows = await withApp(
  {
    name: "bench-webhooks",
    server: serverUrl,
    categories: [],
    env: {
      WEBHOOK_ALLOWED_NETWORKS: "127.0.0.0/8",
      // As npm start runs it: on the embedded database, one connection (two interleave there, pglite#1046).
      ...(!serverUrl && { DATABASE_POOL_MAX: EMBEDDED_POOL_MAX }),
    },
  },
  async (app, cookie) => {
    const headers = { cookie, origin: app.url, "content-type": "application/json" };
    /** @param {string} name */
    const create = async (name) => {
      const { status, body: answer } = await timed(`${app.url}/api/categories`, {
        method: "POST",
        headers,
        body: JSON.stringify({ name }),
      });
      if (status !== 201) throw new Error(`create of ${name} answered ${status}: ${answer}`);
      return performance.now();
    };
    /** @param {string} url @param {string} name */
    const subscribe = async (url, name) => {
      const body = { name, url, format: "standard", events: ["category.created"] };
      const { status } = await timed(`${app.url}/api/webhooks`, {
        method: "POST",
        headers,
        body: JSON.stringify(body),
      });
      if (status !== 201) throw new Error(`endpoint answered ${status}`);
    };
    /** Creates per second, CLIENTS at a time. @param {string} prefix */
    const throughput = async (prefix) => {
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (next < CREATES) await create(`${prefix} ${next++}`);
        }),
      );
      return CREATES / ((performance.now() - started) / 1000);
    };

    for (let i = 0; i < 50; i++) await create(`Warm-up ${i}`);

    const receivers = await Promise.all([receiver(), receiver(), receiver()]);
    for (const [i, one] of receivers.entries()) await subscribe(one.url, `Receiver ${i}`);
    /** @type {number[]} */
    const latencies = [];
    /** @type {Map<string, number>} */
    const answered = new Map();
    for (let i = 0; i < EVENTS; i++) answered.set(`Event ${i}`, await create(`Event ${i}`));
    const deadline = performance.now() + 30_000;
    while (receivers.some((one) => one.firstSeen.size < EVENTS) && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    for (const one of receivers)
      for (const [name, at] of answered) latencies.push((one.firstSeen.get(name) ?? Number.POSITIVE_INFINITY) - at);

    // Receiver 2 now never answers. Runs alternate with the endpoints switched off and on, so that neither side has the
    // warmer process; the median of each side is compared.
    const hanging = await receiver(true);
    const { body: listed } = await timed(`${app.url}/api/webhooks`, { headers });
    const ids = JSON.parse(listed).webhooks.map((/** @type {{ id: string }} */ one) => one.id);
    /** @param {Record<string, unknown>} change */
    const patchAll = (change) =>
      Promise.all(
        ids.map((/** @type {string} */ id) =>
          timed(`${app.url}/api/webhooks/${id}`, { method: "PATCH", headers, body: JSON.stringify(change) }),
        ),
      );
    await timed(`${app.url}/api/webhooks/${ids[2]}`, {
      method: "PATCH",
      headers,
      body: JSON.stringify({ url: hanging.url }),
    });
    /** @type {number[]} */
    const alone = [];
    /** @type {number[]} */
    const subscribed = [];
    for (let round = 0; round < ROUNDS; round++) {
      await patchAll({ enabled: false });
      alone.push(await throughput(`Alone ${round}`));
      await patchAll({ enabled: true });
      subscribed.push(await throughput(`Subscribed ${round}`));
    }
    for (const one of [...receivers, hanging]) one.close();
    const [aloneRate, withEndpoints] = [median(alone), median(subscribed)];

    const ms = (/** @type {number} */ value) => `${value.toFixed(0)} ms`;
    const perSecond = (/** @type {number} */ value) => `${value.toFixed(1)}/s`;
    return [
      [`${format.count(EVENTS)} events × 3 endpoints`, "p50", ms(percentile(latencies, 50))],
      ["", "p95 (goal ≤ 1 s)", `**${ms(percentile(latencies, 95))}**`],
      ["", "max", ms(Math.max(...latencies))],
      [`creates, ${CLIENTS} at a time`, "no endpoint", perSecond(aloneRate)],
      ["", "3 endpoints, one hanging", perSecond(withEndpoints)],
      ["", "ratio (goal ≥ 0.95)", `**${(withEndpoints / aloneRate).toFixed(2)}×**`],
    ];
  },
);

await saveReport(
  `issue-45-webhooks${serverUrl ? "-postgres" : ""}.md`,
  `# Issue 45: webhooks\n\n${RUN}. The production build on ${serverUrl ? "PostgreSQL" : "the embedded database"}, ` +
    `the embedded catalogue and the receivers on loopback, the bench's own process on the same two cores. Latency is ` +
    `from a create's 201 (its commit comes before it) to the first attempt's request at each receiver; throughput is ` +
    `${format.count(CREATES)} creates, ${CLIENTS} at a time, with the three endpoints switched off, then on (one of ` +
    `them now never answering, so each of its attempts waits out the 15 s timeout), ${ROUNDS} rounds in turn; the ` +
    `medians compared.\n\n` +
    table(["figure", "", "value"], rows),
);
