// @ts-check
// `npm run bench:burst`, issue 43's figures for a colleague's burst: 100,000 categories open in Chromium (the reader)
// while a colleague creates 500 (8 at a time) through the API. In the reader's tab: its longest task and its total
// blocking time (the part of each long task over 50 ms) from the first create until all 500 are listed, and a search
// typed halfway through the burst until its row alone shows. Each run on an app of its own; medians of the runs.
// The app, Chromium and this process share the machine's cores: the load average is part of the report.
import { spawnSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { chromium } from "@playwright/test";
import { format, median, table } from "./lib/report.mjs";
import { CI, RUN, saveReport, withApp } from "./lib/script.mjs";

const [N, CREATES, RUNS] = CI ? [10_000, 80, 1] : [Number(process.env.BENCH_BURST_N ?? 100_000), 500, 3];
const AT_ONCE = 8;
const runs = Number(process.env.BENCH_BURST_RUNS ?? RUNS);
const GOALS = { longestTaskMs: 100, blockingMs: 1_000, searchMs: 300 };
const WAIT_MS = 300_000; // before the change a burst held the tab for minutes

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1"],
});
const chromiumVersion = browser.version();
/** @type {Awaited<ReturnType<typeof measure>>[]} */
const results = [];
for (let run = 1; run <= runs; run++) {
  results.push(await measure(run)); // Playwright closes Chromium if this fails
  console.log(JSON.stringify(results.at(-1)));
}
await browser.close();

/** @param {number} run */
async function measure(run) {
  const categories = Array.from({ length: N }, (_, i) => ({
    name: `Breed ${i + 1}`,
    description: `Category number ${i + 1} of the bench`,
  }));
  return withApp({ name: "bench-burst", categories }, async (app, cookie) => {
    const page = await browser.newPage();
    const [name = "", value = ""] = cookie.split(/=(.*)/s);
    await page.context().addCookies([{ name, value, url: app.url }]);
    // Every long task of the tab, from its start.
    await page.addInitScript(() => {
      const tasks = /** @type {{ start: number, ms: number }[]} */ ([]);
      Object.assign(window, { benchLongTasks: tasks });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, ms: entry.duration });
      }).observe({ type: "longtask", buffered: true });
    });
    await page.goto(`${app.url}/categories`);
    const cell = (/** @type {string} */ text) => page.getByRole("cell", { name: text, exact: true });
    await cell("Breed 1").waitFor({ timeout: WAIT_MS });
    // Listening: the stream is open and the list hydrated (its sort buttons work only then).
    await page.getByText("Updates: Live", { exact: true }).waitFor({ timeout: WAIT_MS });
    await page.getByRole("button", { name: "Name" }).and(page.locator(":enabled")).waitFor({ timeout: WAIT_MS });
    const startedAt = await page.evaluate(() => performance.now());
    const loadBefore = loadavg()[0] ?? NaN;

    const colleague = (/** @type {number} */ i) =>
      fetch(`${app.url}/api/categories`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ name: `Colleague ${run}-${i}`, description: "Created in a burst" }),
      }).then(async (response) => {
        if (response.status !== 201) throw new Error(`create answered ${response.status}: ${await response.text()}`);
      });
    let answered = 0;
    /** @type {Promise<number> | undefined} */
    let search;
    const wanted = `Breed ${N - 1}`; // the only match among all names
    const typeSearch = async () => {
      const started = Date.now();
      await page.getByLabel("Search").fill(wanted, { timeout: WAIT_MS });
      await cell(wanted).waitFor({ timeout: WAIT_MS });
      await cell("Breed 1").waitFor({ state: "detached", timeout: WAIT_MS });
      return Date.now() - started;
    };
    const burstStarted = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        while (next < CREATES) {
          await colleague(next++);
          if (++answered === CREATES / 2) search = typeSearch();
        }
      }),
    );
    const burstMs = Date.now() - burstStarted;
    // With the search typed, the count reads "1 of <all> categories".
    const all = new RegExp(` ${(N + CREATES).toLocaleString("en")} categories$`);
    await page.getByRole("status").filter({ hasText: all }).waitFor({ timeout: WAIT_MS });
    const listedMs = Date.now() - burstStarted;
    const searchMs = await /** @type {Promise<number>} */ (search);
    const tasks = await page.evaluate(
      (since) =>
        /** @type {{ benchLongTasks: { start: number, ms: number }[] }} */ (
          /** @type {unknown} */ (window)
        ).benchLongTasks.filter((task) => task.start >= since),
      startedAt,
    );
    await page.close();
    return {
      run,
      burstMs,
      listedMs,
      searchMs,
      longestTaskMs: Math.round(Math.max(0, ...tasks.map((task) => task.ms))),
      blockingMs: Math.round(tasks.reduce((sum, task) => sum + Math.max(0, task.ms - 50), 0)),
      longTasks: tasks.length,
      load: `${loadBefore.toFixed(2)} → ${(loadavg()[0] ?? NaN).toFixed(2)}`,
    };
  });
}

const rows = results.map((r) => [
  r.run,
  format.ms(r.longestTaskMs),
  format.ms(r.blockingMs),
  r.longTasks,
  format.ms(r.searchMs),
  format.ms(r.burstMs),
  format.ms(r.listedMs),
  r.load,
]);
const mid = (/** @type {"longestTaskMs" | "blockingMs" | "searchMs" | "burstMs" | "listedMs"} */ key) =>
  format.ms(median(results.map((r) => r[key])));
rows.push([
  "median",
  `**${mid("longestTaskMs")}**`,
  `**${mid("blockingMs")}**`,
  "",
  `**${mid("searchMs")}**`,
  mid("burstMs"),
  mid("listedMs"),
  "",
]);
const header = [
  "run",
  `longest task (goal ≤ ${GOALS.longestTaskMs} ms)`,
  `total blocking time (goal ≤ ${format.ms(GOALS.blockingMs)})`,
  "long tasks",
  `search typed halfway → its row (goal ≤ ${GOALS.searchMs} ms)`,
  "burst, first create → last 201",
  "first create → all listed",
  "load average (1 min), before → after",
];
const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).stdout.trim();
const machine = `Commit ${commit}, Node ${process.versions.node}, ${cpus().length} × ${cpus()[0]?.model.trim()}, Chromium ${chromiumVersion}.`;
const heading = `# A colleague's burst in a big list, issue 43 (${RUN}, ${new Date().toISOString()})`;
const setting = `${format.count(N)} categories open; ${CREATES} created by a colleague, ${AT_ONCE} at a time.`;
await saveReport("issue-43-burst-latest.md", `${heading}\n\n${machine}\n${setting}\n\n${table(header, rows)}\n`);
process.exit(0);
