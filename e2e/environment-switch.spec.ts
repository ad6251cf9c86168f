import type { Page } from "@playwright/test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../scripts/lib/ports.mjs";
import type { StandaloneServer } from "../scripts/lib/standalone-server.mjs";
import { type FakeCatalogue, json, startFakeCatalogue } from "../tests/support/fake-catalogue";
import { expectNoAxeViolations } from "./support/axe";
import { startAppInstance } from "./support/app-instance";
import { createButton, dataRows, expect, nameField, test } from "./support/fixtures";

// Two services whose lists differ: whatever one environment shows must never turn up in the other. One worker runs the
// file's tests in turn: split over both, each would start the app again.
test.describe.configure({ mode: "default" });
let production: FakeCatalogue;
let staging: FakeCatalogue;
let app: StandaloneServer;
let logDir: string;

test.beforeAll(async () => {
  production = await startFakeCatalogue(() => json(200, [{ id: 1, name: "Only in production" }]));
  staging = await startFakeCatalogue(() => json(200, [{ id: 2, name: "Only in staging" }]));
  logDir = await mkdtemp(join(tmpdir(), "categories-e2e-environments-"));
  const port = await freePort();
  app = await startAppInstance({
    port,
    logFile: join(logDir, "environments.log"),
    env: {
      CATALOGUE_API_URL: "",
      CATALOGUE_API_KEY: "",
      CATALOGUE_ENVIRONMENT: "",
      CATALOGUE_PRODUCTION_URL: production.url,
      CATALOGUE_PRODUCTION_KEY: "e2e-production-key",
      CATALOGUE_STAGING_URL: staging.url,
      CATALOGUE_STAGING_KEY: "e2e-staging-key",
      APP_ORIGIN: `http://127.0.0.1:${port}`,
    },
  });
});

test.afterAll(async () => {
  await app?.stop();
  await Promise.all([production?.close(), staging?.close()]);
  if (logDir) await rm(logDir, { recursive: true, force: true });
});

const environmentSwitch = (page: Page) => page.getByRole("navigation", { name: "Environment" });

test("the Environment switch shows the other environment's list, and only that", async ({ page }) => {
  await page.goto(`${app.url}/categories`);
  await expect(dataRows(page)).toHaveText([/Only in production/]);

  await environmentSwitch(page).getByRole("link", { name: "Staging" }).click();

  await expect(page).toHaveURL(/\/categories\?environment=staging$/);
  await expect(dataRows(page)).toHaveText([/Only in staging/]);
  await expect(page.getByRole("banner")).toContainText("Environment: Staging");
  await expect(page).toHaveTitle("[STAGING] Categories");
  // The header with the switch, and the list.
  await expectNoAxeViolations(page);
});

test("the switch works from the keyboard, keeps the page, and marks the current environment", async ({ page }) => {
  await page.goto(`${app.url}/categories/new?environment=staging`);
  const current = environmentSwitch(page).getByRole("link", { name: "Staging" });
  await expect(current).toHaveAttribute("aria-current", "true");

  await environmentSwitch(page).getByRole("link", { name: "Production" }).focus();
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/categories\/new$/);
  await expect(page.getByRole("banner")).toContainText("Environment: Production");
  await expect(environmentSwitch(page).getByRole("link", { name: "Production" })).toHaveAttribute(
    "aria-current",
    "true",
  );
});

test.describe("drafts", () => {
  test.use({ noDialogs: async ({}, provide) => provide() });

  test("a draft typed for staging stays in staging's form, not production's", async ({ page }) => {
    await page.goto(`${app.url}/categories/new?environment=staging`);
    await expect(createButton(page)).toBeEnabled();
    await nameField(page).fill("Drafted for staging");
    // Leaving typed values asks first (the switch is guarded like any link); here leaving is the point.
    page.on("dialog", (dialog) => void dialog.accept());

    await environmentSwitch(page).getByRole("link", { name: "Production" }).click();
    await expect(page.getByRole("banner")).toContainText("Environment: Production");
    await expect(createButton(page)).toBeEnabled(); // hydrated: a kept draft would be back by now
    await expect(nameField(page)).toHaveValue("");

    await environmentSwitch(page).getByRole("link", { name: "Staging" }).click();
    await expect(nameField(page)).toHaveValue("Drafted for staging");
  });
});

test("History's Environment filter works from the keyboard and passes axe", async ({ page, uniqueName }) => {
  // Staging's fake answers a create with its list, so the create fails: an event about staging all the same.
  const create = await page.request.post(`${app.url}/api/categories?environment=staging`, {
    headers: { origin: app.url },
    data: { name: uniqueName },
  });
  expect(create.status()).toBe(502);
  await page.goto(`${app.url}/history?q=${encodeURIComponent(uniqueName)}`);
  await expect(page.getByRole("status").filter({ hasText: /^1 event/ })).toBeVisible();
  // Here ?environment= filters, so the header's switch names the default environment too.
  await expect(environmentSwitch(page).getByRole("link", { name: "Production" })).toHaveAttribute(
    "href",
    `/history?${new URLSearchParams({ q: uniqueName, environment: "production" })}`,
  );
  const environment = page.getByRole("combobox", { name: "Environment" });

  await page.getByRole("combobox", { name: "Event" }).focus();
  await page.keyboard.press("Tab");
  await expect(environment).toBeFocused();
  await page.keyboard.press("p");
  await expect(page).toHaveURL(/\/history\?environment=production&q=/);
  await expect(page.getByRole("status").filter({ hasText: "No events match these filters." })).toBeVisible();
  await expect(environment).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(/\/history\?environment=staging&q=/);
  const row = page.getByRole("region", { name: "History table" }).getByRole("row").filter({ hasText: uniqueName });
  await expect(row.getByRole("cell")).toHaveText([/./, /./, "Create failed", "Staging", "", uniqueName, /./, /./]);

  await expectNoAxeViolations(page);
});
