// @ts-check
// `npm run lighthouse`: Lighthouse scores of every page on the production build, /login signed out and the others
// signed in as an admin, with both embedded catalogues (production seeded with 30 categories, staging with some of
// them, some described anew and some of its own, so each group of /compare has rows), one import (a preview), one
// finished promotion, one promotion waiting for approval (staging needs it here) and one webhook endpoint with a test
// event, made through the API. In the system Chromium. Prints a table, every failing accessibility and
// best-practices audit, the performance metrics and failing performance audits, writes
// bench/results/lighthouse-latest.json and exits 1 when a page misses a target.
// Options: --mobile (Lighthouse's mobile default instead of the desktop preset), --runs=N (median by performance),
// --html (full reports in bench/results/lighthouse-*.html). Env: CHROME_PATH, LIGHTHOUSE_PORT.
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig, generateReport } from "lighthouse";
import { makeCategories } from "../bench/lib/seed.mjs";
import { ensureBuild } from "./ensure-build.mjs";
import { WEBHOOK_RECEIVER_ENV, createImport, createWebhook, promote, requestPromotion } from "./lib/job-pages.mjs";
import { startApp, whenExiting } from "./lib/standalone-app.mjs";
import { auditDetails, failingAudits, layoutShift, metrics } from "./lib/lighthouse-audits.mjs";

const CATEGORIES = /** @type {const} */ (["performance", "accessibility", "best-practices", "seo"]);
const TARGETS = { performance: 95, accessibility: 100, "best-practices": 100 };
const MAX_LAYOUT_SHIFT = 0.1;
const USER = { username: "lighthouse", role: /** @type {const} */ ("admin"), password: "lighthouse-check-password" };
// A second admin makes the request the requests' pages show, so the audited admin sees Approve and Reject.
const REQUESTER = { username: "requester", role: /** @type {const} */ ("admin"), password: "lighthouse-requester-pw" };
const PRODUCTION = makeCategories(30);
const STAGING = [
  ...PRODUCTION.slice(0, 25).map((category, i) =>
    i % 8 === 3 ? { ...category, description: `${category.description ?? "No description"}, reworded` } : category,
  ),
  ...makeCategories(38).slice(30),
];
// Every kind of preview row: new, already in the catalogue, repeated in the file, and without a name.
const IMPORT_FILE = {
  fileName: "new-breeds.csv",
  csv: [
    "name,description",
    "Lighthouse hamsters,Syrian and dwarf",
    "Lighthouse parrots,Talkative",
    `${PRODUCTION[0]?.name},Already there`,
    "Lighthouse parrots,Repeated",
    ",No name",
  ].join("\n"),
};
const mobile = process.argv.includes("--mobile");
const html = process.argv.includes("--html");
const runs = Math.max(
  1,
  Number(/^--runs=(\d+)$/.exec(process.argv.find((arg) => arg.startsWith("--runs=")) ?? "")?.[1] ?? 1),
);
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3301);
const RESULTS = "bench/results";
const loadAverage = { start: loadavg().map((load) => Number(load.toFixed(2))), end: /** @type {number[]} */ ([]) };

ensureBuild();
// Staging needs a second admin's approval, so a promotion into it is a request; production's promotion runs as ever.
const app = await startApp({
  port: PORT,
  users: [USER, REQUESTER],
  categories: PRODUCTION,
  stagingCategories: STAGING,
  name: "lighthouse",
  env: { APPROVAL_REQUIRED_FOR: "staging", ...WEBHOOK_RECEIVER_ENV },
});
/** @type {chromeLauncher.LaunchedChrome | undefined} */
let chrome;
const cancelKill = whenExiting(() => chrome?.kill());
/** @type {{ path: string, signedIn: boolean, lhr: import("lighthouse").Result }[]} */
const results = [];
try {
  const cookie = await app.signIn(USER);
  const importId = await createImport(app.url, cookie, IMPORT_FILE);
  const promotionId = await promote(app.url, cookie, { from: "staging", to: "production", count: 3 });
  const requestId = await requestPromotion(app.url, await app.signIn(REQUESTER), {
    from: "production",
    to: "staging",
    count: 3,
  });
  const webhookId = await createWebhook(app.url, cookie);
  const pages = [
    { path: "/login", signedIn: false },
    { path: "/categories", signedIn: true },
    { path: "/categories/new", signedIn: true },
    { path: "/categories/import", signedIn: true },
    { path: `/categories/import/${importId}`, signedIn: true },
    { path: "/compare", signedIn: true },
    { path: `/promotions/${promotionId}`, signedIn: true },
    { path: "/history", signedIn: true },
    { path: "/requests", signedIn: true },
    { path: `/requests/${requestId}`, signedIn: true },
    { path: "/settings/service-accounts", signedIn: true },
    { path: "/settings/notifications", signedIn: true },
    { path: `/settings/notifications/${webhookId}`, signedIn: true },
  ];
  for (const page of pages) {
    /** @type {import("lighthouse").Result[]} */
    const attempts = [];
    for (let run = 0; run < runs; run++) {
      // A new browser each time: one audit's cached favicon or scripts must not make the next look faster.
      chrome = await chromeLauncher.launch({
        chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
        chromeFlags: [
          "--headless=new",
          "--no-sandbox",
          "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
        ],
        handleSIGINT: false, // standalone-app.mjs stops everything on Ctrl-C; whenExiting() kills Chromium then
        logLevel: "silent",
      });
      const result = await lighthouse(
        `${app.url}${page.path}`,
        {
          port: chrome.port,
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
          extraHeaders: page.signedIn ? { Cookie: cookie } : {},
        },
        mobile ? undefined : desktopConfig,
      );
      chrome.kill();
      if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
      // Signed out or with a stale cookie, the app would redirect and another page would be scored.
      const landed = new URL(result.lhr.finalDisplayedUrl).pathname;
      if (landed !== page.path) throw new Error(`${page.path} ended on ${landed}: was the session cookie refused?`);
      attempts.push(result.lhr);
    }
    attempts.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const lhr = /** @type {import("lighthouse").Result} */ (attempts[Math.floor((attempts.length - 1) / 2)]);
    // The report would otherwise keep the session cookie in its settings.
    lhr.configSettings.extraHeaders = null;
    if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${page.path}: ${lhr.runtimeError.message}`);
    results.push({ ...page, lhr });
  }
} finally {
  chrome?.kill();
  cancelKill();
  await app.stop();
}

const first = /** @type {import("lighthouse").Result} */ (results[0]?.lhr);
const { throttling, screenEmulation } = first.configSettings;
console.log(
  `Lighthouse ${first.lighthouseVersion}, ${first.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? "Chromium"} headless, ` +
    `${mobile ? "mobile default (Moto G Power)" : "desktop preset"}: simulated throttling ${throttling.rttMs} ms RTT, ` +
    `${((throttling.throughputKbps ?? 0) / 1024).toFixed(1)} Mbit/s, CPU ×${throttling.cpuSlowdownMultiplier}, ` +
    `screen ${screenEmulation.width}×${screenEmulation.height}.`,
);
console.log(
  `Production build served over plain http on 127.0.0.1 (loopback counts as a secure origin; TLS and distance are modelled, not measured), ` +
    `embedded catalogues with 30 categories (production) and 33 (staging), ${runs} run${runs === 1 ? "" : "s"} per page` +
    `${runs > 1 ? " (median by performance)" : ""}, load average ${loadAverage.start.join(", ")} at the start.\n`,
);
/** @param {number | null | undefined} score */
const percent = (score) => (score === null || score === undefined ? "–" : String(Math.round(score * 100)));
console.log(`| page | ${CATEGORIES.join(" | ")} | CLS |`);
console.log(`|---|${CATEGORIES.map(() => "---:").join("|")}|---:|`);
for (const { path, signedIn, lhr } of results) {
  const scores = CATEGORIES.map((id) => percent(lhr.categories[id]?.score));
  console.log(`| ${path}${signedIn ? "" : " (signed out)"} | ${scores.join(" | ")} | ${layoutShift(lhr).toFixed(3)} |`);
}

const summary = results.map(({ path, signedIn, lhr }) => ({
  path,
  signedIn,
  scores: Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)])),
  layoutShift: layoutShift(lhr),
  metrics: metrics(lhr),
  failing: Object.fromEntries(
    CATEGORIES.map((id) => [
      id,
      failingAudits(lhr, id).map((audit) => ({ ...audit, items: auditDetails(audit.details) })),
    ]),
  ),
  runWarnings: lhr.runWarnings,
}));
for (const page of summary) {
  console.log(
    `\n${page.path}: ${page.metrics.map((metric) => `${metric.id} ${metric.displayValue} (${metric.score})`).join(", ")}`,
  );
  for (const category of ["accessibility", "best-practices", "performance", "seo"]) {
    for (const audit of page.failing[category] ?? []) {
      const verdict = audit.score === null ? "• (unscored, names what costs a metric)" : `✗ score ${audit.score}`;
      console.log(
        `  ${category} ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""} ${verdict}`,
      );
      if (audit.explanation) console.log(`      ${audit.explanation}`);
      for (const item of audit.items.slice(0, 10)) console.log(`      ${item}`);
      if (audit.items.length > 10) console.log(`      … and ${audit.items.length - 10} more (see the JSON)`);
    }
  }
  for (const warning of page.runWarnings) console.log(`  warning: ${warning}`);
}

mkdirSync(RESULTS, { recursive: true });
const missed = summary.flatMap((page) => [
  ...Object.entries(TARGETS).flatMap(([id, target]) =>
    (page.scores[id] ?? 0) < target ? [`${page.path} ${id} ${page.scores[id]} < ${target}`] : [],
  ),
  ...(page.layoutShift > MAX_LAYOUT_SHIFT ? [`${page.path} CLS ${page.layoutShift} > ${MAX_LAYOUT_SHIFT}`] : []),
]);
loadAverage.end = loadavg().map((load) => Number(load.toFixed(2)));
const report = {
  measuredAt: new Date().toISOString(),
  lighthouseVersion: first.lighthouseVersion,
  userAgent: first.environment.hostUserAgent,
  preset: mobile ? "mobile" : "desktop",
  throttling,
  runsPerPage: runs,
  served: "production build over plain http on 127.0.0.1",
  // The machine's 1, 5 and 15 minute load averages: other work on the same cores depresses performance scores.
  loadAverage,
  targets: { ...TARGETS, maxLayoutShift: MAX_LAYOUT_SHIFT },
  pages: summary,
};
writeFileSync(`${RESULTS}/lighthouse-latest.json`, `${JSON.stringify(report, null, 2)}\n`);
if (html) {
  for (const { path, lhr } of results)
    writeFileSync(`${RESULTS}/lighthouse${path.replaceAll("/", "-")}.html`, generateReport(lhr, "html"));
}
console.log(`\nWrote ${RESULTS}/lighthouse-latest.json${html ? " and the HTML reports" : ""}.`);
console.log(
  missed.length
    ? `Below target: ${missed.join("; ")}`
    : "All pages meet the targets (performance ≥ 95, accessibility and best practices 100, CLS ≤ 0.1).",
);
process.exitCode = missed.length ? 1 : 0;
