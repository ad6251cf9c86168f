import { readFile } from "node:fs/promises";
import { BIG_ID, SEEDED_CATEGORIES, SEEDED_SEARCH } from "./support/constants";
import { expect, expectColumn, test } from "./support/fixtures";

const search = (page: import("@playwright/test").Page) => page.getByRole("searchbox", { name: "Search" });
const sortBy = (page: import("@playwright/test").Page, column: string) =>
  page.getByRole("columnheader", { name: column }).getByRole("button");
const seededNames = SEEDED_CATEGORIES.map((category) => category.name);

test.describe("the view lives in the URL", () => {
  test("search, sort and direction are written to the URL as they change", async ({ page }) => {
    await page.goto("/categories");
    await search(page).fill(SEEDED_SEARCH);
    await expect(page).toHaveURL(/\/categories\?q=domestic$/);

    await sortBy(page, "Name").click();
    await expect(page).toHaveURL(/\?q=domestic&sort=name&dir=asc$/);
    await sortBy(page, "Name").click();
    await expect(page).toHaveURL(/\?q=domestic&sort=name&dir=desc$/);
  });

  test("a shared URL opens that view, and it survives a reload", async ({ page }) => {
    await page.goto(`/categories?q=${SEEDED_SEARCH}&sort=name&dir=desc`);
    const expected = [...seededNames].sort().reverse();
    await expect(search(page)).toHaveValue(SEEDED_SEARCH);
    await expect(page.getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "descending");
    await expectColumn(page, 1, expected);

    await page.reload();
    await expect(search(page)).toHaveValue(SEEDED_SEARCH);
    await expectColumn(page, 1, expected);
  });

  test("back and forward step through sort changes", async ({ page }) => {
    await page.goto(`/categories?q=${SEEDED_SEARCH}`);
    await sortBy(page, "Name").click();
    await sortBy(page, "Name").click();
    await expect(page.getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "descending");

    await page.goBack();
    await expect(page).toHaveURL(/sort=name&dir=asc$/);
    await expect(page.getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "ascending");
    await expectColumn(page, 1, [...seededNames].sort());

    await page.goBack();
    await expect(page).toHaveURL(/\?q=domestic$/);
    await expect(page.getByRole("columnheader", { name: "ID" })).toHaveAttribute("aria-sort", "ascending");

    await page.goForward();
    await expect(page.getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "ascending");
    await expect(search(page)).toHaveValue(SEEDED_SEARCH);
  });

  test("a link to the plain list, followed from a searched and sorted one, shows the plain list", async ({ page }) => {
    await page.goto(`/categories?q=${SEEDED_SEARCH}&sort=name&dir=desc`);
    await expect(search(page)).toHaveValue(SEEDED_SEARCH);

    await page.getByRole("link", { name: "Categories admin" }).click();

    await expect(page).toHaveURL(/\/categories$/);
    await expect(search(page)).toHaveValue("");
    await expect(page.getByRole("columnheader", { name: "ID" })).toHaveAttribute("aria-sort", "ascending");
    await expect(page.getByRole("status").filter({ hasText: /^[\d,]+ categories$/ })).toBeVisible();
  });

  // An unknown sort or direction falls back to ID ascending: tests/unit/list-tools.test.ts › view in the URL, whose
  // viewFromParams is how the page reads its view from the URL (above).
});

const loadedAt = (page: import("@playwright/test").Page) => page.locator(".loaded-at time");
const clockText = (time: Date) =>
  `${String(time.getHours()).padStart(2, "0")}:${String(time.getMinutes()).padStart(2, "0")}`;

test("the list says when it was loaded by the browser's clock, hours behind the server's, and Refresh reads the list again and updates the time", async ({
  page,
  adminRequest,
  uniqueName,
}) => {
  // Hours from the server's time, so only the browser's clock can show it; on a whole minute with room to spare, so the
  // shown minute is known exactly on any date.
  const opened = new Date(Date.now() - 3 * 60 * 60_000);
  opened.setSeconds(0, 0);
  await page.clock.install({ time: opened });
  await page.goto("/categories");
  await expect(page.getByText(`Loaded ${clockText(opened)}`)).toBeVisible();

  // Made elsewhere after the page loaded: only a real read of the list can show it.
  expect((await adminRequest.post("/api/categories", { data: { name: uniqueName } })).status()).toBe(201);
  const later = new Date(opened.getTime() + 5 * 60_000);
  await page.clock.setSystemTime(later);
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByRole("cell", { name: uniqueName, exact: true })).toBeVisible();
  await expect(page.getByText(`Loaded ${clockText(later)}`)).toBeVisible();
  const shown = new Date((await loadedAt(page).getAttribute("datetime")) ?? "").getTime();
  // The browser's clock runs on from `later`; the read happened moments after it.
  expect(shown - later.getTime()).toBeGreaterThanOrEqual(0);
  expect(shown - later.getTime()).toBeLessThan(30_000);
});

test("coming back to the tab refreshes a list older than 10 seconds, and not a fresh one", async ({ page }) => {
  await page.clock.install();
  const reads: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "GET" && new URL(request.url()).pathname === "/api/categories") reads.push(request.url());
  });
  await page.goto("/categories");
  // Shown once the page has hydrated: the list's age counts from then, so the visits below are judged against it.
  await expect(page.getByText(/^Loaded /)).toBeVisible();
  const comeBack = () => page.evaluate(() => document.dispatchEvent(new Event("visibilitychange", { bubbles: true })));

  await comeBack();
  await page.waitForLoadState("networkidle");
  expect(reads, "a list read moments ago is not read again").toHaveLength(0);

  await page.clock.fastForward(11_000);
  await comeBack();
  await expect.poll(() => reads.length).toBe(1);
});

test.describe("Export CSV", () => {
  test("downloads the current view, filtered and sorted, with exact ids, as CSV", async ({ page }) => {
    await page.goto(`/categories?q=${SEEDED_SEARCH}&sort=name&dir=asc`);
    await expect(page.getByRole("status").filter({ hasText: /^5 of [\d,]+ categories$/ })).toBeVisible();

    const day = (time: Date) =>
      `${time.getFullYear()}-${String(time.getMonth() + 1).padStart(2, "0")}-${String(time.getDate()).padStart(2, "0")}`;
    const before = day(new Date());
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    // Either day, should the export happen to cross midnight. The main e2e instance is configured as the staging catalogue.
    const named = [before, day(new Date())].map((date) => `categories-staging-${date}.csv`);
    expect(named).toContain(download.suggestedFilename());
    const csv = (await readFile(await download.path())).toString("utf8");
    const sorted = [...SEEDED_CATEGORIES].sort((a, b) => a.name.localeCompare(b.name));
    expect(csv).toBe(
      `\uFEFFid,name,description\r\n${sorted.map((c) => `${c.id},${c.name},${c.description}\r\n`).join("")}`,
    );
    expect(csv).toContain(`${BIG_ID},big id probe,`);
    await expect(page.getByRole("status").filter({ hasText: "Exported 5 categories as CSV" })).toBeVisible();
  });

  // Quoting of commas, quotes and line breaks: tests/unit/list-tools.test.ts › categoriesToCsv; the test above shows
  // Export writes the view with it.
});

// A created row highlighted and in view: e2e/create.spec.ts › creating a category goes back to the list….
