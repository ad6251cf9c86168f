// @ts-check
// `npm run bench:hardening` (part of `npm run bench`), issue 11's figures against the production build: a signed-in
// read during a flood of bad sign-ins against one during an equal flood of free requests, and the upstream calls of
// many concurrent requests. Its third, one read of a large list against the service's, is a target of bench/run.mjs.
import { createServer } from "node:http";
import autocannon from "autocannon";
import { startApp } from "../scripts/lib/standalone-app.mjs";
import { format, median, table } from "./lib/report.mjs";
import { CI, RUN, USER, saveReport } from "./lib/script.mjs";

const FLOOD_SECONDS = CI ? 3 : 15;

// A catalogue that counts its calls and answers 20 items after 20 ms, like a service across a network.
let upstreamCalls = 0;
const smallList = JSON.stringify(Array.from({ length: 20 }, (_, i) => ({ id: i + 1, name: `Breed ${i + 1}` })));
const counting = createServer((_request, response) => {
  upstreamCalls++;
  setTimeout(() => response.writeHead(200, { "content-type": "application/json" }).end(smallList), 20);
}).listen(0, "127.0.0.1");
await new Promise((resolve) => counting.once("listening", resolve));

/** Time until the whole body has arrived, in ms. @param {string} url @param {Record<string, string>} [headers] */
async function timed(url, headers) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

const { port } = /** @type {import("node:net").AddressInfo} */ (counting.address());
// The bench plays the proxy: each bad sign-in names a client address of its own, as a botnet would.
const env = { CATALOGUE_API_URL: `http://127.0.0.1:${port}/v1`, TRUSTED_PROXIES: "127.0.0.1", LOG_LEVEL: "warn" };
const app = await startApp({ users: [USER], name: "bench-hardening", env });
const rows = [];
const readStatuses = new Set();
try {
  const cookie = await app.signIn(USER);
  const read = () => timed(`${app.url}/api/categories`, { cookie });
  /** Median of signed-in reads in a row while autocannon floods. @param {import("autocannon").Options} flood */
  const readsDuring = async (flood) => {
    const flooding = autocannon({ ...flood, connections: 16, duration: FLOOD_SECONDS });
    const times = [];
    for (const until = Date.now() + FLOOD_SECONDS * 1000; Date.now() < until; ) {
      const { ms, status } = await read();
      times.push(ms);
      readStatuses.add(status);
    }
    const statuses = Object.entries((await flooding).statusCodeStats ?? {}).map(
      ([code, { count }]) => `${count} × ${code}`,
    );
    return { ms: median(times), statuses: statuses.join(", ") };
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
  const login = { url: `${app.url}/api/auth/login`, method: /** @type {const} */ ("POST") };
  const signIns = await readsDuring({
    ...login,
    headers: { "content-type": "application/json" },
    requests: [{ setupRequest }],
  });
  const cheap = await readsDuring({ url: `${app.url}/api/health` });
  rows.push(
    ["signed-in GET /api/categories, median: quiet", format.ms(median(quiet)), ""],
    ["… during 16 connections looping bad sign-ins", format.ms(signIns.ms), `sign-ins answered ${signIns.statuses}`],
    [
      "… during 16 connections looping GET /api/health",
      format.ms(cheap.ms),
      `reads answered ${[...readStatuses].join(", ")}`,
    ],
    ["ratio: sign-in flood / cheap flood", `**${format.ratio(signIns.ms / cheap.ms)}**`, "target ≤ 3×"],
  );
  upstreamCalls = 0;
  const readers = await Promise.all(Array.from({ length: 32 }, read));
  rows.push([
    "32 concurrent readers, service answering in 20 ms",
    `**${upstreamCalls} upstream call(s)**`,
    `${readers.filter((r) => r.status === 200).length} answered 200`,
  ]);
} finally {
  await app.stop();
  counting.close();
}

await saveReport(
  "hardening.md",
  `# Hardening figures (${RUN}, ${new Date().toISOString()})\n\n${table(["measured", "figure", "note"], rows)}\n`,
);
process.exit([...readStatuses].every((status) => status === 200) ? 0 : 1);
