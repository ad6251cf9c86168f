// @ts-check
// `npm run bench:ui`: the list page in Chromium against the production build at several list sizes (BENCH_UI_N).
// Per N: navigation → first rows; a search typed into the empty box (Playwright's fill) → the matching row alone on
// screen, as a person sees it; a sort; DOM nodes; JS heap. Figures only.
import { writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { format, table } from "./lib/report.mjs";
import { withApp } from "./lib/script.mjs";

const SIZES = (process.env.BENCH_UI_N ?? "1000,10000,100000").split(",").map(Number);
const TARGETS = { firstRowsMs: 1000, searchMs: 100, sortMs: 300, domNodes: 3000 };

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1", "--enable-precise-memory-info"],
});
const results = [];
for (const n of SIZES) results.push(await measure(n)); // Playwright closes Chromium if this fails
await browser.close();
const rows = results.map((r) => [
  ...[format.count(r.n), `${r.firstRowsMs} ms`, `${r.searchMs} ms`, `${r.sortMs} ms`],
  ...[r.domNodes, `${r.heapMb} MB`],
]);
console.log(`\n${table(["N", "first rows", "search → rows", "sort", "DOM nodes", "JS heap"], rows)}`);
const { firstRowsMs, searchMs, sortMs, domNodes } = TARGETS;
console.log(
  `targets at 100,000: first rows < ${firstRowsMs} ms, search < ${searchMs} ms, sort < ${sortMs} ms, DOM < ${domNodes}`,
);
const json = JSON.stringify({ measuredAt: new Date().toISOString(), targets: TARGETS, results }, null, 2);
writeFileSync("bench/results/ui-latest.json", `${json}\n`);

/** @param {number} n */
async function measure(n) {
  const categories = Array.from({ length: n }, (_, i) => ({
    name: `Breed ${i + 1}`,
    description: `Category number ${i + 1} of the bench`,
  }));
  return withApp({ name: "bench-ui", categories }, async (app, cookie) => {
    const page = await browser.newPage();
    const [name = "", value = ""] = cookie.split(/=(.*)/s);
    await page.context().addCookies([{ name, value, url: app.url }]);
    await page.goto(`${app.url}/categories`);
    const cell = (/** @type {string} */ name) => page.getByRole("cell", { name, exact: true });
    await cell("Breed 1").waitFor(); // warm: the list's first validation

    let started = Date.now();
    await page.goto(`${app.url}/categories`);
    await cell("Breed 1").waitFor();
    const firstRowsMs = Date.now() - started;
    const wanted = `Breed ${n - 1}`; // the only match among all N names
    started = Date.now();
    await page.getByLabel("Search").fill(wanted);
    await cell(wanted).waitFor();
    await cell("Breed 1").waitFor({ state: "detached" });
    const searchMs = Date.now() - started;
    await page.getByLabel("Search").fill("");
    const total = new RegExp(`^${n.toLocaleString("en")} categories$`);
    await page.getByRole("status").filter({ hasText: total }).waitFor();
    started = Date.now();
    await page.getByRole("button", { name: "ID" }).click(); // ID descending: the last id comes first
    // For an admin the id is a link named "<id>: history of <name>".
    await page
      .getByRole("cell", { name: new RegExp(`^${n}(:|$)`) })
      .first()
      .waitFor();
    const sortMs = Date.now() - started;
    const [domNodes, heap] = await page.evaluate(() => [
      document.getElementsByTagName("*").length,
      /** @type {{ memory?: { usedJSHeapSize: number } }} */ (performance).memory?.usedJSHeapSize ?? 0,
    ]);
    await page.close();
    return { n, firstRowsMs, searchMs, sortMs, domNodes, heapMb: Math.round(heap / 1e6) };
  });
}
