// @ts-check
// `npm run bench:operations` (part of `npm run bench`), issue 28's figures against the production build: the list's
// throughput with metrics and tracing off, with metrics on (METRICS_PORT), and with tracing on, exporting every span
// to a loopback OTLP receiver. Each run starts its own app; the three are measured in turn, rotating which goes first.
import { once } from "node:events";
import { createServer } from "node:http";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { freePort } from "../scripts/lib/ports.mjs";
import { measure, waitUntilIdle } from "./lib/load.mjs";
import { format, median, ratio, table } from "./lib/report.mjs";
import { CI, RUN, saveReport, withApp } from "./lib/script.mjs";
import { makeCategories } from "./lib/seed.mjs";

const [N, SECONDS, ROUNDS, CONNECTIONS] = CI ? [100, 2, 1, 4] : [1_000, 10, 3, 10];
// Another checkout, built: its app with both off is measured too, to show that with tracing off nothing changed.
const baselineDir = parseArgs({ options: { ci: { type: "boolean" }, baseline: { type: "string" } } }).values.baseline;

// The receiver answers at once and keeps only counts, as a collector on the same host would cost the app the same.
let exports = 0;
let exportedBytes = 0;
const receiver = createServer(async (request, response) => {
  for await (const chunk of request) exportedBytes += /** @type {Buffer} */ (chunk).byteLength;
  exports++;
  response.writeHead(200, { "content-type": "application/x-protobuf" }).end();
});
receiver.listen(0, "127.0.0.1");
await once(receiver, "listening");
const receiverUrl = `http://127.0.0.1:${/** @type {import("node:net").AddressInfo} */ (receiver.address()).port}`;

/** @type {Record<string, () => Promise<{ env: Record<string, string>, script?: string }>>} */
const SETTINGS = {
  "metrics and tracing off": async () => ({ env: {} }),
  "metrics on (METRICS_PORT), tracing off": async () => ({ env: { METRICS_PORT: String(await freePort()) } }),
  "tracing on, to a loopback receiver": async () => ({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl } }),
  ...(baselineDir && {
    [`the baseline build (${baselineDir}), both off`]: async () => ({
      env: {},
      script: resolve(baselineDir, ".next/standalone/scripts/serve.mjs"),
    }),
  }),
};
const names = Object.keys(SETTINGS);
/** @type {Record<string, { rps: number, cpu: number }[]>} */
const runs = Object.fromEntries(names.map((name) => [name, []]));
const categories = makeCategories(N);
const loadBefore = loadavg();

for (let round = 0; round < ROUNDS; round++) {
  for (const name of [...names.slice(round % names.length), ...names.slice(0, round % names.length)]) {
    const settings = await SETTINGS[name]?.();
    await withApp({ name: "bench-operations", categories, ...settings }, async (app, cookie) => {
      const { pid } = app;
      const options = { url: `${app.url}/api/categories`, headers: { cookie }, pid, timeoutSeconds: 10 };
      // A warm-up, so that the first requests' compiling and connecting are not measured.
      await measure({ ...options, connections: CONNECTIONS, seconds: 1 });
      await waitUntilIdle([pid]);
      const result = await measure({ ...options, connections: CONNECTIONS, seconds: SECONDS });
      if (result.non2xx || result.errors) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      runs[name]?.push({ rps: result.rps, cpu: result.cpuMsPerRequest });
    });
  }
}
receiver.close();

const baseline = median((runs[names[0] ?? ""] ?? []).map((run) => run.rps));
const rows = names.map((name) => {
  const measured = runs[name] ?? [];
  const rps = median(measured.map((run) => run.rps));
  return [
    name,
    format.rate(rps),
    format.ratio(ratio(rps, baseline)),
    format.ms(median(measured.map((run) => run.cpu))),
    measured.map((run) => format.rate(run.rps)).join(", "),
  ];
});
const metricsRatio = ratio(median((runs[names[1] ?? ""] ?? []).map((run) => run.rps)), baseline);
const load = (/** @type {number[]} */ [one = 0]) => one.toFixed(2);
await saveReport(
  "issue-28-operations.md",
  [
    `# Operations figures, issue 28 (${RUN}, ${new Date().toISOString()})`,
    "",
    `GET /api/categories, ${format.count(N)} categories, signed in, ${CONNECTIONS} connections, ${SECONDS} s a run, ` +
      `${ROUNDS} run(s) of each in turn, median; load average ${load(loadBefore)} before, ${load(loadavg())} after.`,
    "",
    table(["app", "responses/s", "of off", "CPU per response", "runs"], rows),
    "",
    `Metrics on: ${format.ratio(metricsRatio)} of off (target ≥ 0.95×). Tracing on exported ${format.count(exports)} ` +
      `batches, ${format.bytes(exportedBytes)} in all.`,
    "",
  ].join("\n"),
);
