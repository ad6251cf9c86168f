// @ts-check
// `npm run bench:ui`: the list page in Chromium against the production build, at N = 1,000, 10,000 and 100,000.
// For each N: navigation → first rows visible, a keystroke in Search → filtered rows shown, a sort, DOM nodes, JS heap.
// Figures only; the targets are printed beside them, never asserted. BENCH_UI_N=1000 limits the sizes (CI).
import { mkdirSync, writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { ensureBuild } from "../scripts/ensure-build.mjs";
import { startApp } from "../scripts/lib/standalone-app.mjs";

const SIZES = (process.env.BENCH_UI_N ?? "1000,10000,100000").split(",").map(Number);
const PORT = Number(process.env.BENCH_UI_PORT ?? 3197);

const USER = /** @type {const} */ ({ username: "bench", role: "admin", password: "bench-ui-password" });
const TARGETS = { firstRowsMs: 2500, keystrokeMs: 100, sortMs: 300, domNodes: 3000 };

ensureBuild();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1", "--enable-precise-memory-info"],
});
const results = [];
try {
  for (const n of SIZES) results.push(await measure(n));
} finally {
  await browser.close();
}

console.log("\n| N | first rows | keystroke → filtered | sort | DOM nodes | JS heap |");
console.log("|---|---|---|---|---|---|");
for (const r of results) {
  console.log(`| ${r.n.toLocaleString("en")} | ${r.firstRowsMs} ms | ${r.keystrokeMs} ms | ${r.sortMs} ms | ${r.domNodes} | ${r.heapMb} MB |`);
}
console.log(`targets at 100,000: first rows ≤ ${TARGETS.firstRowsMs} ms, keystroke ≤ ${TARGETS.keystrokeMs} ms, sort ≤ ${TARGETS.sortMs} ms, DOM < ${TARGETS.domNodes}`);
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/ui-latest.json", `${JSON.stringify({ measuredAt: new Date().toISOString(), targets: TARGETS, results }, null, 2)}\n`);

/** @param {number} n */
async function measure(n) {
  const categories = Array.from({ length: n }, (_, i) => ({ name: `Breed ${i + 1}`, description: `Category number ${i + 1} of the bench` }));
  const app = await startApp({ port: PORT, users: [USER], categories, name: "bench-ui", env: { LOG_LEVEL: "warn" } });
  try {
    const page = await browser.newPage();
    await page.goto(`${app.url}/login`);
    await page.getByLabel("Username").fill(USER.username);
    await page.getByLabel("Password").fill(USER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL("**/categories");
    await page.getByRole("cell", { name: "Breed 1", exact: true }).waitFor(); // warm: the list's first validation

    let started = Date.now();
    await page.goto(`${app.url}/categories`);
    await page.getByRole("cell", { name: "Breed 1", exact: true }).waitFor();
    const firstRowsMs = Date.now() - started;

    const search = page.getByLabel("Search");
    await search.fill("Breed 7");
    await page.getByRole("status").filter({ hasText: ` of ${n}` }).waitFor();
    started = Date.now();
    await search.press("7"); // "Breed 77…": one keystroke narrows the rows shown
    await page.getByRole("cell", { name: "Breed 77", exact: true }).waitFor();
    await page.getByRole("cell", { name: "Breed 7", exact: true }).waitFor({ state: "detached" });
    const keystrokeMs = Date.now() - started;
    await search.fill("");
    await page.getByRole("status").filter({ hasText: new RegExp(`^${n} categories$`) }).waitFor();

    started = Date.now();
    await page.getByRole("button", { name: "ID" }).click(); // ID descending: the last id comes first
    await page.getByRole("cell", { name: String(n), exact: true }).first().waitFor();
    const sortMs = Date.now() - started;

    const domNodes = await page.evaluate(() => document.getElementsByTagName("*").length);
    const heap = await page.evaluate(() => /** @type {{ memory?: { usedJSHeapSize: number } }} */ (performance).memory?.usedJSHeapSize ?? 0);
    await page.close();
    const row = { n, firstRowsMs, keystrokeMs, sortMs, domNodes, heapMb: Math.round(heap / 1e6) };
    console.log(JSON.stringify(row));
    return row;
  } finally {
    await app.stop();
  }
}
