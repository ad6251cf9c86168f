import { type FakeCatalogue, json, startFakeCatalogue } from "../tests/support/fake-catalogue";
import { NO_SESSION, signInByApi, signedInState } from "./support/auth";
import { expectNoAxeViolationsInEitherScheme } from "./support/axe";
import { ACCOUNTS } from "./support/constants";
import { expect, test } from "./support/fixtures";
import { newRunDatabase } from "./support/run-database";
import { type TwoEnvironmentApp, startTwoEnvironmentApp } from "./support/two-environment-app";

// Raw JSON, so the int64 id reaches the app with every digit.
const STAGING_LIST =
  '[{"id":1,"name":"Dog","description":"Loyal"},{"id":2,"name":"cat","description":"Independent"},' +
  '{"id":3,"name":"=1+1 sum","description":"A formula"},{"id":9007199254740993,"name":"Axolotl"},{"id":5,"name":"Newt"}]';
const PRODUCTION_LIST =
  '[{"id":10,"name":"dog","description":"Loud"},{"id":20,"name":" CAT ","description":"Independent "},' +
  '{"id":30,"name":"Bee"}]';

// One instance configured with both environments, each a fake catalogue with its own list and its own key.
test.describe.configure({ mode: "serial" });
test.use({ signedInAs: null });
let staging: FakeCatalogue;
let production: FakeCatalogue;
let app: TwoEnvironmentApp;
let database: Awaited<ReturnType<typeof newRunDatabase>>;
let viewer: Awaited<ReturnType<typeof signedInState>>;

test.beforeAll(async ({ playwright }) => {
  staging = await startFakeCatalogue(() => ({ status: 200, body: STAGING_LIST }));
  production = await startFakeCatalogue(() => ({ status: 200, body: PRODUCTION_LIST }));
  // A database of its own: live events go through the database, so on the run's, every category other tests create
  // at the same time would tell this page "Changed since you opened this page" once more.
  database = await newRunDatabase();
  app = await startTwoEnvironmentApp({
    name: "compare",
    stagingUrl: staging.url,
    productionUrl: production.url,
    env: { DATABASE_URL: database.url },
  });
  viewer = await signedInState(playwright, app.url, ACCOUNTS.viewer);
});

test.afterAll(async () => {
  await app?.stop();
  await database?.stop();
  await Promise.all([staging?.close(), production?.close()]);
});

// Each test starts signed in as the viewer, with the one session signed in above.
test.use({ storageState: async ({}, provide) => provide(viewer) });

test("a viewer reaches Compare from the header and sees each group's count", async ({ page }) => {
  await page.goto(`${app.url}/categories`);
  await page.getByRole("link", { name: "Compare" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Compare" })).toBeVisible();
  await expect(page.getByText("3 only in staging, 1 only in production, 1 differs, 1 the same")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Only in staging (3)" })).toBeVisible();
  const onlyInProduction = page.getByRole("table", { name: "Only in production" });
  await expect(onlyInProduction.getByRole("row")).toHaveCount(2);
  await expect(onlyInProduction).toContainText("Bee");
  const differing = page.getByRole("table", { name: "Different descriptions" });
  await expect(differing.getByRole("row", { name: /Dog/ })).toContainText(/Loyal.*Loud/);
  await expectNoAxeViolationsInEitherScheme(page);
});

test("a group's search box filters that group's rows only, and is kept in the address", async ({ page }) => {
  await page.goto(`${app.url}/compare`);
  const onlyInStaging = page.getByRole("table", { name: "Only in staging" });
  await expect(onlyInStaging.getByRole("row")).toHaveCount(4);

  await page.getByLabel("Search only in staging").fill("NEWT");

  await expect(onlyInStaging.getByRole("row")).toHaveCount(2);
  await expect(onlyInStaging).toContainText("Newt");
  await expect(page.getByText("1 of 3 rows")).toBeVisible();
  await expect(page.getByRole("table", { name: "Only in production" }).getByRole("row")).toHaveCount(2);
  await expect(page).toHaveURL(/\/compare\?only-in-staging=NEWT$/);

  // The address alone shows the same rows: a link passed on, or a saved view.
  await page.goto(page.url());
  await expect(page.getByLabel("Search only in staging")).toHaveValue("NEWT");
  await expect(onlyInStaging.getByRole("row")).toHaveCount(2);
});

test("a group downloads as spreadsheet-safe CSV, ids exact", async ({ page }) => {
  await page.goto(`${app.url}/compare`);
  await expect(page.getByRole("table", { name: "Only in staging" })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download CSV of only in staging" }).click(),
  ]);

  expect(download.suggestedFilename()).toMatch(/^compare-only-in-staging-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = Buffer.concat(await (await download.createReadStream()).toArray()).toString("utf8");
  expect(text).toBe("\uFEFFid,name,description\r\n3,'=1+1 sum,A formula\r\n9007199254740993,Axolotl,\r\n5,Newt,\r\n");
});

test("an admin's page arrives whole: the groups push nothing on it aside (no layout shift)", async ({
  page,
  context,
}) => {
  // An admin's page has Recent promotions under the groups: groups that arrived late would push it down.
  // Without the viewer's cookie: a sign-in that carries a session cookie ends that session, which the others share.
  await context.clearCookies();
  await signInByApi(context.request, ACCOUNTS.admin, app.url);
  await page.addInitScript(() => {
    const shifts: PerformanceEntry[] = [];
    const observer = new PerformanceObserver((list) => shifts.push(...list.getEntries()));
    observer.observe({ type: "layout-shift", buffered: true });
    const score = (entry: PerformanceEntry) => (entry as PerformanceEntry & { value: number }).value;
    Object.assign(window, { layoutShifts: () => [...shifts, ...observer.takeRecords()].map(score) });
  });
  await page.goto(`${app.url}/compare`);
  await expect(page.getByRole("table", { name: "Different descriptions" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Recent promotions" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Compare again" })).toBeEnabled(); // hydrated

  // Two frames later, any shift of the frame that showed the groups has been recorded.
  const shifts = await page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => resolve((window as unknown as { layoutShifts: () => number[] }).layoutShifts())),
        ),
      ),
  );
  expect(shifts).toEqual([]);
});

test("a failing environment is named in the page's alert, and Try again compares again", async ({ page }) => {
  staging.reply(() => ({ status: 500, body: "{}" }));
  try {
    await page.goto(`${app.url}/compare`);
    const alert = page.getByRole("alert").filter({ hasText: "Couldn't read the staging catalogue" });
    await expect(alert).toContainText("The catalogue service answered with an error.");
  } finally {
    staging.reply(() => ({ status: 200, body: STAGING_LIST }));
  }

  await page.getByRole("button", { name: "Try again" }).click();

  await expect(page.getByText("3 only in staging, 1 only in production, 1 differs, 1 the same")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Couldn't read" })).toHaveCount(0);
});

test("a category created meanwhile is told, and shown only when asked: Compare again", async ({ page, playwright }) => {
  await page.goto(`${app.url}/compare`);
  await expect(page.getByRole("banner").getByText("Updates: Live", { exact: true })).toBeVisible();
  // Hydrated, so listening: the stream may be live before the groups are.
  await expect(page.getByRole("button", { name: "Compare again" })).toBeEnabled();
  const gecko = { id: 6, name: "Gecko" };
  // In the list only once created, as at a real service: listed before, the app's watcher could take it for a category
  // someone made elsewhere and say so once more, after Compare again.
  let made = false;
  staging.reply(({ method }) => {
    if (method === "POST") {
      made = true;
      return json(201, gecko);
    }
    return { status: 200, body: made ? STAGING_LIST.replace(/]$/, `,${JSON.stringify(gecko)}]`) : STAGING_LIST };
  });
  // Without the viewer's cookie, which a new context would take from the test's options: a sign-in ends its session.
  const admin = await playwright.request.newContext({ baseURL: app.url, storageState: NO_SESSION });
  try {
    await signInByApi(admin, ACCOUNTS.admin);
    const created = await admin.post("/api/categories?environment=staging", { data: { name: "Gecko" } });
    expect(created.status()).toBe(201);

    await expect(page.getByRole("status").filter({ hasText: "Changed since you opened this page" })).toBeVisible();
    await expect(page.getByText("3 only in staging, 1 only in production, 1 differs, 1 the same")).toBeVisible();
    await expectNoAxeViolationsInEitherScheme(page);
    await page.getByRole("button", { name: "Compare again" }).click();

    await expect(page.getByText("4 only in staging, 1 only in production, 1 differs, 1 the same")).toBeVisible();
    await expect(page.getByText("Changed since you opened this page")).toHaveCount(0);
  } finally {
    staging.reply(() => ({ status: 200, body: STAGING_LIST }));
    await admin.dispose();
  }
});
