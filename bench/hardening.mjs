// @ts-check
// `npm run bench:hardening` (part of `npm run bench`), issue 11's figures against the production build: a signed-in
// read during a flood of bad sign-ins against one during an equal flood of free requests, and the upstream calls of
// many concurrent requests. Its third, one read of a large list against the service's, is a target of bench/run.mjs.
import { createServer } from "node:http";
import autocannon from "autocannon";
import { format, median, table } from "./lib/report.mjs";
import { CI, RUN, saveReport, timed, withApp } from "./lib/script.mjs";

const FLOOD_SECONDS = CI ? 3 : 15;

// A catalogue that counts its calls and answers 20 items after 20 ms, like a service across a network.
let upstreamCalls = 0;
const smallList = JSON.stringify(Array.from({ length: 20 }, (_, i) => ({ id: i + 1, name: `Breed ${i + 1}` })));
const counting = createServer((_request, response) => {
  upstreamCalls++;
  setTimeout(() => response.writeHead(200, { "content-type": "application/json" }).end(smallList), 20);
}).listen(0, "127.0.0.1");
await new Promise((resolve) => counting.once("listening", resolve));
const { port } = /** @type {import("node:net").AddressInfo} */ (counting.address());

// The bench plays the proxy: each bad sign-in names a client address of its own, as a botnet would.
const env = { CATALOGUE_API_URL: `http://127.0.0.1:${port}/v1`, TRUSTED_PROXIES: "127.0.0.1" };
const readStatuses = new Set();
const rows = await withApp({ name: "bench-hardening", env }, async (app, cookie) => {
  const read = () => timed(`${app.url}/api/categories`, { headers: { cookie } });
  /** Median of signed-in reads in a row while autocannon floods. @param {import("autocannon").Options} flood */
  const readsDuring = async (flood) => {
    const flooding = autocannon({ ...flood, connections: 16, duration: FLOOD_SECONDS });
    const times = [];
    for (const until = Date.now() + FLOOD_SECONDS * 1000; Date.now() < until; ) {
      const { ms, status } = await read();
      times.push(ms);
      readStatuses.add(status);
    }
    const statuses = Object.entries((await flooding).statusCodeStats ?? {});
    return { ms: median(times), statuses: statuses.map(([code, { count }]) => `${count} × ${code}`).join(", ") };
  };
  for (let i = 0; i < 20; i++) await read(); // warm-up
  const quiet = [];
  for (let i = 0; i < 50; i++) quiet.push((await read()).ms);
  let n = 0;
  const setupRequest = (/** @type {import("autocannon").Request} */ request) => ({
    ...request,
    headers: { ...request.headers, "x-forwarded-for": `10.${(++n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
    body: JSON.stringify({ username: `nobody-${n}`, password: "wrong-password" }),
  });
  const signIns = await readsDuring({
    ...{ url: `${app.url}/api/auth/login`, method: "POST", requests: [{ setupRequest }] },
    headers: { "content-type": "application/json" },
  });
  const cheap = await readsDuring({ url: `${app.url}/api/health` });
  const statuses = `reads answered ${[...readStatuses].join(", ")}`;
  upstreamCalls = 0;
  const readers = await Promise.all(Array.from({ length: 32 }, read));
  const answered = `${readers.filter((r) => r.status === 200).length} answered 200`;
  return [
    ["signed-in GET /api/categories, median: quiet", format.ms(median(quiet)), ""],
    ["… during 16 connections looping bad sign-ins", format.ms(signIns.ms), `sign-ins answered ${signIns.statuses}`],
    ["… during 16 connections looping GET /api/health", format.ms(cheap.ms), statuses],
    ["ratio: sign-in flood / cheap flood", `**${format.ratio(signIns.ms / cheap.ms)}**`, "target ≤ 3×"],
    ["32 concurrent readers, service answering in 20 ms", `**${upstreamCalls} upstream call(s)**`, answered],
  ];
}).finally(() => counting.close());

const heading = `# Hardening figures (${RUN}, ${new Date().toISOString()})`;
await saveReport("hardening.md", `${heading}\n\n${table(["measured", "figure", "note"], rows)}\n`);
process.exit([...readStatuses].every((status) => status === 200) ? 0 : 1);
