// @ts-check
// `npm run bench:tokens` (part of `npm run bench`), issue 46's figure: GET /api/categories (20 categories) read with a
// service account's API token against the same read with a person's session cookie (goal ≥ 0.95×), interleaved runs
// on one app and one database (on PostgreSQL with BENCH_POSTGRES_URL or TEST_POSTGRES_URL, else embedded).
import autocannon from "autocannon";
import { format, median, table } from "./lib/report.mjs";
import { CI, RUN, SERVER_URL as serverUrl, saveReport, withApp } from "./lib/script.mjs";

const [SECONDS, RUNS] = CI ? [1, 1] : [10, 5];

/** Autocannon's requests per second over SECONDS. @param {string} url @param {Record<string, string>} headers */
async function throughput(url, headers) {
  const result = await autocannon({ url, headers, connections: 8, duration: SECONDS });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

/** POST as the signed-in admin. @param {string} origin @param {string} cookie @param {string} path @param {unknown} body */
async function post(origin, cookie, path, body) {
  const response = await fetch(`${origin}${path}`, {
    method: "POST",
    headers: { cookie, origin, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

const categories = Array.from({ length: 20 }, (_, i) => ({ name: `Breed ${i + 1}` }));
const rows = await withApp({ name: "bench-tokens", server: serverUrl, categories }, async (app, cookie) => {
  await post(app.url, cookie, "/api/service-accounts", { username: "bench-reader", role: "viewer" });
  const { secret } = await post(app.url, cookie, "/api/tokens", { account: "bench-reader", name: "bench" });
  const list = `${app.url}/api/categories`;
  const asPerson = { cookie };
  const asScript = { authorization: `Bearer ${secret}` };
  await throughput(list, asPerson); // warm-up, both ways
  await throughput(list, asScript);
  const runs = /** @type {[number, number][]} */ ([]);
  // The order swapped each run, so neither always reads a warmer process.
  for (let run = 0; run < RUNS; run++) {
    if (run % 2 === 0) runs.push([await throughput(list, asPerson), await throughput(list, asScript)]);
    else {
      const token = await throughput(list, asScript);
      runs.push([await throughput(list, asPerson), token]);
    }
  }
  const session = median(runs.map((run) => run[0]));
  const token = median(runs.map((run) => run[1]));
  return [
    [
      serverUrl ? "PostgreSQL" : "embedded",
      format.rate(session),
      format.rate(token),
      `**${(token / session).toFixed(2)}×**`,
      runs.map(([s, t]) => `${Math.round(s)}/${Math.round(t)}`).join(", "),
    ],
  ];
});

await saveReport(
  "issue-46-tokens.md",
  `# API tokens against sessions, issue 46

\`npm run bench:tokens\` (${RUN}), production build, Node ${process.versions.node}: \`GET /api/categories\` (20
categories), 8 connections, ${SECONDS} s a run, ${RUNS} interleaved runs, medians. A session read checks the cookie's
session in the database (and writes last-seen at most once a minute); a token read looks the token's hash up with its
account's role (and writes last-used at most once a minute).

${table(["database", "session: req/s", "token: req/s", "token / session (goal ≥ 0.95×)", "runs (session/token)"], rows)}
`,
);
