import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { expectNoAxeViolations } from "./support/axe";
import { NO_SESSION, signInByApi } from "./support/auth";
import { ACCOUNTS, PAGER_ACCOUNT, WRONG_PASSWORD } from "./support/constants";
import { expect, test } from "./support/fixtures";
import { holdScripts } from "./support/held-scripts";

const admin = ACCOUNTS.admin.username;

/** The table's rows as the export writes them: the time as the machine-readable instant, the rest as shown. */
async function shownRows(page: Page): Promise<string[][]> {
  return page
    .getByRole("region", { name: "History table" })
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...(row as HTMLTableRowElement).cells].map((cell, index) =>
          index === 0 ? (cell.querySelector("time")?.getAttribute("datetime") ?? "") : (cell.textContent ?? "").trim(),
        ),
      ),
    );
}

const shownNames = async (page: Page) => (await shownRows(page)).map((row) => row[5] ?? "");

// One after another, so the trail holds them in this order.
/** Opens the page and waits until its events are read: the controls work from then on. */
async function openHistory(page: Page, search = ""): Promise<void> {
  await page.goto(`/history${search}`);
  await expect(page.getByRole("status").filter({ hasText: /events?[,:]|No events/ })).toBeVisible();
}

async function createByApi(request: APIRequestContext, names: string[]): Promise<void> {
  for (const name of names) expect((await request.post("/api/categories", { data: { name } })).status()).toBe(201);
}

test("events made through the form and the API appear with who did them and what they were", async ({
  page,
  uniqueName,
  adminRequest,
  request,
}) => {
  await page.goto("/categories/new");
  await page.getByLabel("Name").fill(`${uniqueName} by form`);
  await page.getByRole("button", { name: "Create category" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Created ${uniqueName} by form` })).toBeVisible();
  await createByApi(adminRequest, [`${uniqueName} by api`]);
  const stranger = `e2e-stranger-${randomBytes(4).toString("hex")}`;
  const refused = await request.post("/api/auth/login", {
    headers: { "x-forwarded-for": "198.51.100.7" },
    data: { username: stranger, password: WRONG_PASSWORD },
  });
  expect(refused.status()).toBe(401);

  await page.getByRole("link", { name: "History", exact: true }).click();
  await expect(page).toHaveURL(/\/history$/);
  await page.getByLabel("Category name or id").fill(uniqueName);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/history?q=${encodeURIComponent(uniqueName).replaceAll("%20", "+")}`);
  await expect
    .poll(() =>
      shownRows(page).then((rows) =>
        rows.map(([, person, event, , , name, details]) => [person, event, name, details]),
      ),
    )
    .toEqual([
      [admin, "Created category", `${uniqueName} by api`, "with the form"],
      [admin, "Created category", `${uniqueName} by form`, "with the form"],
    ]);

  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByLabel("Category name or id")).toHaveValue("");
  await page.getByLabel("Person", { exact: true }).fill(stranger);
  await page.getByLabel("Event", { exact: true }).selectOption({ label: "Sign-in refused" });
  await expect(page).toHaveURL(`/history?actor=${stranger}&action=sign_in_failed`);
  await expect
    .poll(() =>
      shownRows(page).then((rows) => rows.map(([, person, event, , , , details]) => [person, event, details])),
    )
    .toEqual([[stranger, "Sign-in refused", "wrong username or password, from 198.51.100.7"]]);
});

test("each filter is in the address, and Back and Forward bring back the filters and their events", async ({
  page,
  uniqueName,
  adminRequest,
}) => {
  await createByApi(adminRequest, [`${uniqueName} one`]);
  await openHistory(page);
  await page.getByLabel("Event", { exact: true }).selectOption({ label: "Created category" });
  await expect(page).toHaveURL("/history?action=category_created");
  await page.getByLabel("Time", { exact: true }).selectOption({ label: "Last hour" });
  await expect(page).toHaveURL("/history?action=category_created&range=hour");
  await page.getByLabel("Person", { exact: true }).fill(admin);
  await page.getByLabel("Category name or id").fill(`${uniqueName} ONE`);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(
    `/history?actor=${admin}&action=category_created&range=hour&q=${encodeURIComponent(`${uniqueName} ONE`).replaceAll("%20", "+")}`,
  );
  await expect.poll(() => shownNames(page)).toEqual([`${uniqueName} one`]);

  // A custom range that ends before the category was made finds nothing; its bounds are in the address too.
  await page.getByLabel("Time", { exact: true }).selectOption({ label: "Custom range" });
  await page.getByLabel("From", { exact: true }).fill("2020-01-01T00:00");
  await page.getByLabel("To", { exact: true }).fill("2020-01-02T00:00");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/range=custom&from=2020-01-01T00%3A00&to=2020-01-02T00%3A00/);
  await expect(page.getByRole("status").filter({ hasText: "No events match these filters." })).toBeVisible();
  await expect(page.getByRole("region", { name: "History table" })).toHaveCount(0);

  await page.getByLabel("To", { exact: true }).fill("2019-12-31T00:00");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByLabel("To", { exact: true })).toHaveAccessibleDescription(
    "Error: Choose a time after “From”.",
  );
  await expect(page).toHaveURL(/to=2020-01-02T00%3A00/);

  await page.goBack();
  await expect(page).toHaveURL(/range=hour&q=/);
  await expect(page.getByLabel("Time", { exact: true })).toHaveValue("hour");
  await expect(page.getByLabel("Person", { exact: true })).toHaveValue(admin);
  await expect.poll(() => shownNames(page)).toEqual([`${uniqueName} one`]);
  await page.goBack();
  await expect(page).toHaveURL("/history?action=category_created&range=hour");
  await expect(page.getByLabel("Person", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Category name or id")).toHaveValue("");
  await page.goForward();
  await expect(page.getByLabel("Category name or id")).toHaveValue(`${uniqueName} ONE`);

  // The address alone opens the same view: a bookmark.
  await page.goto(`/history?action=category_created&q=${encodeURIComponent(uniqueName)}`);
  await expect(page.getByLabel("Event", { exact: true })).toHaveValue("category_created");
  await expect.poll(() => shownNames(page)).toEqual([`${uniqueName} one`]);
});

test("Older and Newer page through every event exactly once while new events arrive", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // Events only this test makes (a viewer's refused creates), so the catalogue's list does not grow for the others.
  // Without the page's stored session: a sign-in that carries a session cookie ends that session.
  const pager = await playwright.request.newContext({ baseURL, storageState: NO_SESSION });
  await signInByApi(pager, PAGER_ACCOUNT);
  const requestIds: string[] = [];
  const refuse = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const response = await pager.post("/api/categories", { data: { name: "not allowed" } });
      expect(response.status()).toBe(403);
      requestIds.push(((await response.json()) as { requestId: string }).requestId);
    }
  };
  // Newest first: refusal `from` down to refusal `to`.
  const events = (from: number, to: number) => requestIds.slice(to, from + 1).reverse();
  await refuse(105);
  await openHistory(page, `?actor=${PAGER_ACCOUNT.username}&action=forbidden`);
  const older = page.getByRole("link", { name: "Older" });
  const newer = page.getByRole("link", { name: "Newer" });
  const showsPage = (expected: string[]) =>
    expect.poll(() => shownRows(page).then((rows) => rows.map((row) => row[7]))).toEqual(expected);

  await showsPage(events(104, 55));
  await expect(page.getByRole("status").filter({ hasText: /^50 events, the newest: / })).toBeVisible();
  await expect(newer).toHaveAttribute("aria-disabled", "true");
  await older.click();
  await expect(page).toHaveURL(/before=\d+\.\d+/);
  await showsPage(events(54, 5));
  // Three arrive while the person reads the older pages.
  await refuse(3);
  await older.click();
  await showsPage(events(4, 0));
  await expect(older).toHaveAttribute("aria-disabled", "true");
  await expect(older).toBeFocused();

  await newer.click();
  await expect(page).toHaveURL(/after=\d+\.\d+/);
  await showsPage(events(54, 5));
  await newer.click();
  await showsPage(events(104, 55));
  await newer.click();
  await showsPage(events(107, 105));
  await expect(page.getByRole("status").filter({ hasText: /^3 events: / })).toBeVisible();
  await expect(newer).toHaveAttribute("aria-disabled", "true");
  await page.getByRole("link", { name: "Newest" }).click();
  await showsPage(events(107, 58));
  expect(
    (await shownRows(page)).every(
      ([, person, event, , , , details]) =>
        person === PAGER_ACCOUNT.username && event === "Forbidden" && details === "POST /api/categories",
    ),
  ).toBe(true);
  await pager.dispose();
});

test("a category's id in the list leads to its creation record: who, when, and how", async ({ page, uniqueName }) => {
  await page.goto("/categories/new");
  await page.getByLabel("Name").fill(uniqueName);
  await page.getByRole("button", { name: "Create category" }).click();
  const created = page.getByRole("status").filter({ hasText: `Created ${uniqueName}` });
  await expect(created).toBeVisible();
  const id = /\(ID (\d+)\)/.exec((await created.textContent()) ?? "")?.[1];
  await page.goto(`/categories?q=${encodeURIComponent(uniqueName)}`);

  await page.getByRole("link", { name: `${id}: history of ${uniqueName}` }).click();
  await expect(page).toHaveURL(`/history?category=${id}`);
  await expect(page.getByText(`Showing only the events of category ${id}.`)).toBeVisible();
  await expect
    .poll(() =>
      shownRows(page).then((rows) =>
        rows.map(([, person, event, environment, categoryId, name, details]) => [
          person,
          event,
          environment,
          categoryId,
          name,
          details,
        ]),
      ),
    )
    .toEqual([[admin, "Created category", "Staging", id, uniqueName, "with the form"]]);
  const time = page.getByRole("region", { name: "History table" }).locator("time");
  const when = Date.parse((await time.getAttribute("datetime")) ?? "");
  expect(Math.abs(Date.now() - when)).toBeLessThan(60_000);
});

test("the export holds exactly the filtered events, spreadsheet-safe", async ({ page, uniqueName, adminRequest }) => {
  await createByApi(adminRequest, [`${uniqueName} plain`, `=${uniqueName}, "quoted"`]);
  await page.goto(`/history?q=${encodeURIComponent(uniqueName)}`);
  await expect.poll(() => shownNames(page).then((names) => names.length)).toBe(2);
  const shown = await shownRows(page);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^history-.+\.csv$/);
  const text = Buffer.concat(await (await download.createReadStream()).toArray()).toString("utf8");
  expect(text.startsWith("\uFEFFtime,person,event,environment,category id,category name,details,request id\r\n")).toBe(
    true,
  );
  const [header, ...rows] = parse(text, { bom: true }) as string[][];
  expect(header).toHaveLength(8);
  expect(rows.map((row) => row.map((cell, index) => (index === 5 ? cell.replace(/^'(?==)/, "") : cell)))).toEqual(
    shown,
  );
  expect(rows[0]?.[5]).toBe(`'=${uniqueName}, "quoted"`);
});

test("keyboard alone: filters, the full time of an event, paging; and no axe violations", async ({
  page,
  uniqueName,
  adminRequest,
}) => {
  await createByApi(adminRequest, [`${uniqueName} keys`]);
  await openHistory(page);
  await page.getByLabel("Person", { exact: true }).focus();
  await page.keyboard.type(admin);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Event", { exact: true })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Time", { exact: true })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Category name or id")).toBeFocused();
  await page.keyboard.type(uniqueName);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`actor=${admin}&q=`));
  await expect.poll(() => shownNames(page)).toEqual([`${uniqueName} keys`]);

  const time = page.getByRole("region", { name: "History table" }).locator("time");
  const tooltip = page.getByRole("tooltip");
  await expect(tooltip).toBeHidden();
  await time.focus();
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText((await time.getAttribute("datetime")) ?? "missing");
  await expect(time).toHaveAccessibleDescription(/\d{4}-\d\d-\d\dT/);
  await page.keyboard.press("Escape");
  await expect(tooltip).toBeHidden();

  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await time.focus();
  await expectNoAxeViolations(page);
});

test("Today and Last 7 days are judged by the reader's clock, and the full time shows on hover", async ({
  page,
  uniqueName,
  adminRequest,
}) => {
  await createByApi(adminRequest, [`${uniqueName} dated`]);
  await openHistory(page, `?q=${encodeURIComponent(uniqueName)}`);
  const madeAt = new Date((await shownRows(page))[0]?.[0] ?? "missing");
  expect(madeAt.getTime()).not.toBeNaN();
  const DAY_MS = 24 * 3_600_000;

  // The browser's clock set relative to the event, so each span holds it or not whatever the hour the test runs.
  const spans: [label: string, range: string, clockAfterEvent: number, holdsIt: boolean][] = [
    ["Today", "today", DAY_MS, false],
    ["Today", "today", 1_000, true],
    ["Last 7 days", "week", 8 * DAY_MS, false],
    ["Last 7 days", "week", 6 * DAY_MS, true],
  ];
  for (const [label, range, clockAfterEvent, holdsIt] of spans) {
    await page.clock.setFixedTime(new Date(madeAt.getTime() + clockAfterEvent));
    await openHistory(page, `?q=${encodeURIComponent(uniqueName)}`);
    await page.getByLabel("Time", { exact: true }).selectOption({ label });
    await expect(page).toHaveURL(new RegExp(`range=${range}`));
    if (holdsIt) await expect.poll(() => shownNames(page)).toEqual([`${uniqueName} dated`]);
    else await expect(page.getByRole("status").filter({ hasText: "No events match these filters." })).toBeVisible();
  }

  const time = page.getByRole("region", { name: "History table" }).locator("time");
  const tooltip = page.getByRole("tooltip");
  await expect(tooltip).toBeHidden();
  await time.hover();
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText(madeAt.toISOString());
  await page.getByRole("heading", { level: 1, name: "History" }).hover();
  await expect(tooltip).toBeHidden();
});

test("before the page's scripts run, the filters are a plain form: Enter opens the filtered view", async ({
  page,
  uniqueName,
  adminRequest,
}) => {
  await createByApi(adminRequest, [`${uniqueName} early`]);
  // Scripts are held back until the address has changed: the typing and the Enter happen on the server's HTML alone.
  const scripts = await holdScripts(page);
  await page.goto("/history", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Person", { exact: true }).fill(admin);
  await page.getByLabel("Category name or id").fill(uniqueName);
  await page.getByLabel("Category name or id").press("Enter");
  // The browser's own submission names every field, the empty ones too; the hydrated form leaves those out.
  await page.waitForURL(/\/history\?actor=.*&action=&/, { waitUntil: "commit" });
  // The filtered page, still without its scripts, shows the filters it was opened with.
  await expect(page.getByLabel("Person", { exact: true })).toHaveValue(admin);
  await expect(page.getByLabel("Category name or id")).toHaveValue(uniqueName);
  await scripts.release();

  await expect(page.getByRole("button", { name: "Export CSV" })).toBeEnabled();
  await expect(page).toHaveURL(
    new RegExp(`actor=${admin}&.*q=${encodeURIComponent(uniqueName).replaceAll("%20", "\\+")}`),
  );
  await expect(page.getByLabel("Person", { exact: true })).toHaveValue(admin);
  await expect(page.getByLabel("Category name or id")).toHaveValue(uniqueName);
  await expect.poll(() => shownNames(page)).toEqual([`${uniqueName} early`]);
});

test("what is typed or chosen in the filters before the page's scripts run is still there after, until applied", async ({
  page,
}) => {
  const scripts = await holdScripts(page);
  await page.goto("/history", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Category name or id").fill("typed early");
  await page.getByLabel("Event", { exact: true }).selectOption({ label: "Created category" });
  await scripts.release();
  await expect(page.getByRole("status").filter({ hasText: /events?[,:]|No events/ })).toBeVisible();

  await expect(page.getByLabel("Category name or id")).toHaveValue("typed early");
  await expect(page.getByLabel("Event", { exact: true })).toHaveValue("category_created");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL("/history?action=category_created&q=typed+early");
});

test.describe("as a viewer", () => {
  test.use({ signedInAs: "viewer" });

  test("the page refuses, as the create page does, with no History link and no export", async ({ page }) => {
    await page.goto("/categories");
    await expect(page.getByRole("heading", { level: 1, name: "Categories" })).toBeVisible();
    await expect(page.getByRole("link", { name: "History", exact: true })).toHaveCount(0);
    await expect(page.locator('a[href^="/history"]')).toHaveCount(0);

    const response = await page.goto("/history");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 2, name: "You may not see the history" })).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    expect((await page.request.get("/api/audit/export")).status()).toBe(403);
    expect((await page.request.get("/api/audit")).status()).toBe(403);
    await expectNoAxeViolations(page);
  });
});
