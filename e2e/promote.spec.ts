import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { startCatalogue } from "../scripts/dev-catalogue/start-catalogue.mjs";
import { signedInState } from "./support/auth";
import { expectNoAxeViolations, expectNoAxeViolationsInEitherScheme } from "./support/axe";
import { ACCOUNTS, type Role } from "./support/constants";
import { alertTitled, expect, tabUntilFocused, test } from "./support/fixtures";
import { newRunDatabase } from "./support/run-database";
import { type TwoEnvironmentApp, startTwoEnvironmentApp } from "./support/two-environment-app";

// Two real embedded catalogue services, so that a promotion really creates in production.
const PRODUCTION_SEED = [{ name: "dog" }, { name: "cat" }, { name: "Bee", description: "Only in production" }];
const STAGING_SEED = [
  { name: "dog" },
  { name: "cat" },
  { name: "Newt", description: "Small amphibians" },
  { name: "Axolotl" },
  { name: "Gecko" },
];

test.describe.configure({ mode: "serial" });
test.use({ signedInAs: null });
let app: TwoEnvironmentApp;
let dataDir: string;
let staging: Awaited<ReturnType<typeof startCatalogue>>;
const stops: (() => Promise<unknown>)[] = [];
const stagingService = (port = 0) =>
  startCatalogue({ dataFile: join(dataDir, "staging.json"), apiKey: "e2e-staging-key", seed: STAGING_SEED, port });

let signedIn: Record<Role, Awaited<ReturnType<typeof signedInState>>>;

test.beforeAll(async ({ playwright }) => {
  dataDir = await mkdtemp(join(tmpdir(), "categories-e2e-promote-data-"));
  const production = await startCatalogue({
    dataFile: join(dataDir, "production.json"),
    apiKey: "e2e-production-key",
    seed: PRODUCTION_SEED,
  });
  staging = await stagingService();
  stops.push(() => staging.stop(), production.stop);
  // A database of its own: an instance on the run's database could take up this instance's promotion, and send it
  // to a catalogue of its own.
  const database = await newRunDatabase();
  stops.push(database.stop);
  app = await startTwoEnvironmentApp({
    name: "promote",
    stagingUrl: staging.url,
    productionUrl: production.url,
    // No breaker: the outage below is one test's own, not a reason to pause the next test's reads.
    env: { DATABASE_URL: database.url, CATALOGUE_BREAKER_FAILURES: "0" },
  });
  stops.push(app.stop);
  signedIn = {
    viewer: await signedInState(playwright, app.url, ACCOUNTS.viewer),
    admin: await signedInState(playwright, app.url, ACCOUNTS.admin),
  };
});

test.afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function openCompare(page: Page, role: Role) {
  // Each role's one session, signed in above.
  await page.context().addCookies(signedIn[role].cookies);
  await page.goto(`${app.url}/compare`);
  await expect(page.getByRole("table", { name: "Only in staging" })).toBeVisible();
}

const onlyInStaging = (page: Page) => page.getByRole("table", { name: "Only in staging" });

test("a viewer sees the groups without ticks or Add buttons", async ({ page }) => {
  await openCompare(page, "viewer");

  await expect(onlyInStaging(page).getByRole("row")).toHaveCount(4);
  await expect(page.getByRole("checkbox")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Add / })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Recent promotions" })).toHaveCount(0);
});

test("ticks and the confirmation work from the keyboard and pass axe", async ({ page }) => {
  await openCompare(page, "admin");
  const add = page.getByRole("button", { name: "Add 3 to production" });
  const selectAll = page.getByRole("checkbox", { name: "Select all 3" });

  await tabUntilFocused(page, selectAll, 30);
  await page.keyboard.press("Space");
  await expect(page.getByRole("checkbox", { name: "Newt" })).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(add).toBeFocused();
  await expectNoAxeViolationsInEitherScheme(page);

  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Add 3 categories to production?" });
  await expect(dialog).toBeVisible();
  // Nothing is created by a stray Enter: the focus starts on Cancel.
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectNoAxeViolationsInEitherScheme(page);

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();

  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Space");
  await expect(page.getByRole("button", { name: "Add 0 to production" })).toBeDisabled();
  // The other group offers the other way round.
  await expect(page.getByRole("button", { name: "Add 0 to staging" })).toBeDisabled();
  await expect(page.getByRole("checkbox", { name: "Bee" })).not.toBeChecked();

  // The dialog's close event comes a task after the browser has put the focus back on the opener: a person who moved
  // on before it keeps their place. Closed and moved on in one task, so the event surely comes after.
  await selectAll.press("Space");
  await add.press("Enter");
  await expect(dialog).toBeVisible();
  await selectAll.evaluate(async (box) => {
    const open = document.querySelector<HTMLDialogElement>("dialog[open]");
    // Registered after the page's own handler, so it runs after it; the timeout lets anything that handler queued run.
    const closed = new Promise((done) => open?.addEventListener("close", () => setTimeout(done, 0), { once: true }));
    open?.close();
    (box as HTMLElement).focus();
    await closed;
  });
  await expect(dialog).toBeHidden();
  await expect(selectAll).toBeFocused();
});

test("a start the server refuses shows in the page's alert, and the ticks stay", async ({ page }) => {
  await openCompare(page, "admin");
  await page.getByRole("checkbox", { name: "Gecko" }).check();
  await page.getByRole("button", { name: "Add 1 to production" }).click();
  const dialog = page.getByRole("dialog", { name: "Add 1 category to production?" });
  await expect(dialog).toBeVisible();
  await staging.stop();
  try {
    await dialog.getByRole("button", { name: "Add", exact: true }).click();

    const alert = alertTitled(page, "Couldn't read the staging catalogue, so nothing was added to production");
    await expect(alert).toContainText("The catalogue service can't be reached right now.");
    await expect(alert).toBeFocused();
  } finally {
    staging = await stagingService(Number(new URL(staging.url).port));
  }
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`${app.url}/compare`);
  await expect(page.getByRole("checkbox", { name: "Gecko" })).toBeChecked();
  await expect(page.getByRole("button", { name: "Add 1 to production" })).toBeEnabled();
});

test("an admin adds ticked categories to production and watches the promotion finish", async ({ page }) => {
  await openCompare(page, "admin");
  await page.getByRole("checkbox", { name: "Newt" }).check();
  await page.getByRole("checkbox", { name: "Axolotl" }).check();
  await page.getByRole("button", { name: "Add 2 to production" }).click();
  const dialog = page.getByRole("dialog", { name: "Add 2 categories to production?" });
  await dialog.getByRole("button", { name: "Add", exact: true }).click();

  await expect(page).toHaveURL(/\/promotions\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Promotion from staging to production");
  await expect(
    page.getByRole("paragraph").filter({ hasText: "Promotion finished: 2 created, 0 skipped, 0 failed" }),
  ).toBeVisible();
  const rows = page.getByRole("region", { name: "Categories of this promotion" }).getByRole("row");
  await expect(rows.filter({ hasText: "Newt" })).toContainText("Created");
  await expectNoAxeViolations(page);

  const listed = await page.request.get(`${app.url}/api/categories?environment=production`);
  expect(((await listed.json()) as { name: string }[]).map(({ name }) => name).sort()).toEqual(
    ["Axolotl", "Bee", "Newt", "cat", "dog"].sort(),
  );

  await page.getByRole("link", { name: "Back to Compare" }).click();
  await expect(page.getByRole("heading", { name: "Only in staging (1)" })).toBeVisible();
  await expect(onlyInStaging(page)).not.toContainText("Newt");
  await expect(page.getByRole("link", { name: "2 categories from staging to production" })).toBeVisible();
});
