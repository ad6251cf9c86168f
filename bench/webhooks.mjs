// @ts-check
// `npm run bench:webhooks` (part of `npm run bench`), issue 45's figures, on the production build:
// 1. 1,000 creates with three endpoints taking category.created, each a receiver on loopback: the p95 from a create's
//    201 (its commit is before it) to the first attempt's request at each receiver (goal ≤ 1 s).
// 2. Creates per second, eight at a time, with those three endpoints subscribed and one of them hanging until its
//    timeout, against none subscribed (goal ≥ 0.95×).
// On PostgreSQL (BENCH_POSTGRES_URL or TEST_POSTGRES_URL), else embedded.
import { EMBEDDED_POOL_MAX } from "../lib/node/embedded-database.mjs";
import { now, startReceivers } from "./lib/receivers.mjs";
import { format, median, percentile, table } from "./lib/report.mjs";
import { CI, RUN, SERVER_URL as serverUrl, saveReport, timed, withApp } from "./lib/script.mjs";

const [EVENTS, CREATES, CLIENTS, ROUNDS] = CI ? [50, 80, 8, 1] : [1_000, 1_000, 8, 5];

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
      return now();
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

    // The fourth never answers: it takes the third's place for the throughput.
    const receivers = await startReceivers([false, false, false, true]);
    const [hangingUrl, ...urls] = [receivers.urls[3], ...receivers.urls.slice(0, 3)];
    for (const [i, url] of urls.entries()) await subscribe(url, `Receiver ${i}`);
    /** @type {Map<string, number>} */
    const answered = new Map();
    for (let i = 0; i < EVENTS; i++) answered.set(`Event ${i}`, await create(`Event ${i}`));
    const deadline = performance.now() + 30_000;
    let seen = await receivers.firstSeen();
    while (seen.slice(0, 3).some((one) => one.size < EVENTS) && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await receivers.firstSeen();
    }
    const latencies = seen
      .slice(0, 3)
      .flatMap((one) => [...answered].map(([name, at]) => (one.get(name) ?? Number.POSITIVE_INFINITY) - at));

    // Endpoint 2 now sends to the receiver that never answers. Runs alternate with the endpoints switched off and on, so that neither side has the
    // warmer process; the median of each side is compared.
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
      body: JSON.stringify({ url: hangingUrl }),
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
    receivers.close();
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
    `the embedded catalogue and the receivers on loopback, on the same two cores (the receivers in a process of their ` +
    `own, as on machines of their own; the database and catalogue in the bench's, when embedded). Latency is ` +
    `from a create's 201 (its commit comes before it) to the first attempt's request at each receiver; throughput is ` +
    `${format.count(CREATES)} creates, ${CLIENTS} at a time, with the three endpoints switched off, then on (one of ` +
    `them now never answering, so each of its attempts waits out the 15 s timeout), ${ROUNDS} rounds in turn; the ` +
    `medians compared.\n\n` +
    table(["figure", "", "value"], rows),
);
