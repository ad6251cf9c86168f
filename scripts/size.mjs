// @ts-check
// `npm run size`: the gzipped first-load JavaScript of each page of the production build, and how much of it is the
// page's own: what it ships above the not-found page, which renders nothing of ours (the framework and the root
// layout). Fails when a page's own share is over the budget. It starts the standalone server, signs in, reads each
// page's HTML and gzips every script the HTML references.
import { gzipSync } from "node:zlib";
import { ensureBuild } from "./ensure-build.mjs";
import { WEBHOOK_RECEIVER_ENV, createWebhook } from "./lib/job-pages.mjs";
import { startApp } from "./lib/standalone-app.mjs";

const KIB = 1024;
// Each page's own script, above the not-found page's (issue 43; figures: bench/results/README.md, "First-load
// JavaScript"). The form page alone is allowed more: react-hook-form and its resolver, which only the form uses, take
// it to 51.5 KiB, and what it could load after the page (a failed create's message) is 0.5 KiB and needed when the app
// cannot be reached. Issue 44's shared building blocks (one error alert, one time, one table shell) made Turbopack ship
// the form's error words as a chunk of their own, 0.5 KiB more once gzipped apart, with no change to the form: 53 KiB.
const OWN_BUDGET = 50 * KIB;
// The settings pages' forms (issues 45 and 46) wait behind a button and are loaded when it is pressed (FormOnDemand),
// so those pages ship react-hook-form only to who opens one, and stay within the general budget.
/** @type {Record<string, number>} */
const PAGE_BUDGETS = {
  "/categories/new": 53 * KIB,
};
const PAGES = [
  "/login",
  "/categories",
  "/categories/new",
  "/compare",
  "/requests",
  "/settings/service-accounts",
  "/settings/notifications",
];
const NOT_FOUND = "/no-such-page";
const PORT = Number(process.env.SIZE_PORT ?? 3199);
const USER = { username: "size", role: /** @type {const} */ ("admin"), password: "size-check-password" };

ensureBuild();
// Both environments, one category only in staging: /compare shows its groups, and a promotion of it has a page.
const app = await startApp({
  port: PORT,
  users: [USER],
  name: "size",
  categories: [{ name: "dog" }],
  stagingCategories: [{ name: "dog" }, { name: "newt" }],
  env: WEBHOOK_RECEIVER_ENV,
});
const origin = app.url;

try {
  const cookie = await app.signIn(USER);
  /** A promotion's page: the newt, from staging to production. @returns {Promise<string>} */
  async function promotionPage() {
    const response = await fetch(`${origin}/api/promotions`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ from: "staging", to: "production", ids: ["2"] }),
    });
    if (response.status !== 201) throw new Error(`promotion not started: ${response.status} ${await response.text()}`);
    return response.headers.get("location")?.replace("/api", "") ?? "";
  }
  /** @param {string} path */
  async function firstLoadBytes(path) {
    // /login is seen signed out (signed in, it redirects to the list).
    const html = await (
      await fetch(`${origin}${path}`, { headers: path === "/login" ? {} : { cookie }, redirect: "manual" })
    ).text();
    // Script tags, plus the chunks the page's flight data names: both load before the page is interactive.
    // Polyfills marked nomodule are left out: the browsers we support never fetch them.
    const tags = [...html.matchAll(/<script[^>]+src="([^"]+\.js[^"]*)"[^>]*>/g)];
    const skipped = new Set(tags.filter((match) => /nomodule/i.test(match[0])).map((match) => match[1]));
    const named = [...html.matchAll(/(?:\/?_next\/)?static\/chunks\/[\w./-]+?\.js/g)].map(
      (match) => `/_next/${match[0].replace(/^\/?(_next\/)?/, "")}`,
    );
    const scripts = [...new Set([...tags.map((match) => match[1] ?? ""), ...named])].filter((src) => !skipped.has(src));
    if (scripts.length === 0) throw new Error(`${path} references no script`);
    let bytes = 0;
    for (const src of scripts) {
      const response = await fetch(`${origin}${src}`);
      if (!response.ok) throw new Error(`${path} references ${src}, which answers ${response.status}`);
      const size = gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
      if (process.argv.includes("--verbose")) console.log(`     ${(size / KIB).toFixed(1).padStart(6)} ${src}`);
      bytes += size;
    }
    return { bytes, scripts: scripts.length };
  }

  const kib = (/** @type {number} */ bytes) => `${(bytes / KIB).toFixed(1).padStart(6)} KiB`;
  const base = await firstLoadBytes(NOT_FOUND);
  console.log(
    `     ${"not-found page".padEnd(16)} ${kib(base.bytes)} gzipped in ${base.scripts} scripts (the framework and the root layout)`,
  );
  let failed = false;
  /** @type {[label: string, path: string][]} */
  const pages = [
    ...PAGES.map((path) => /** @type {[string, string]} */ ([path, path])),
    ["/promotions/<id>", await promotionPage()],
    // Read in the browser, so its scripts are the same whatever the id: no request needs to exist.
    ["/requests/<id>", "/requests/size-check"],
    ["/settings/notifications/<id>", `/settings/notifications/${await createWebhook(origin, cookie)}`],
  ];
  for (const [label, path] of pages) {
    const page = await firstLoadBytes(path);
    const own = page.bytes - base.bytes;
    const budget = PAGE_BUDGETS[label] ?? OWN_BUDGET;
    const over = own > budget;
    failed ||= over;
    console.log(
      `${over ? "OVER" : "ok  "} ${label.padEnd(16)} ${kib(page.bytes)} gzipped in ${page.scripts} scripts; its own ${kib(own)} (budget ${budget / KIB} KiB)`,
    );
  }
  process.exitCode = failed ? 1 : 0;
} finally {
  await app.stop();
}
