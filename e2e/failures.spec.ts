import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../scripts/lib/ports.mjs";
import { type TcpProxy, startTcpProxy } from "../tests/support/tcp-proxy";
import { startAppInstance } from "./support/app-instance";
import { expectNoAxeViolationsInEitherScheme } from "./support/axe";
import { REJECTED_MESSAGE, REJECTED_NAME, SLOW_NAME, instanceUrl } from "./support/constants";
import {
  alertTitled,
  createButton,
  descriptionField,
  expect,
  fillNewCategory,
  nameField,
  test,
} from "./support/fixtures";
import { newRunDatabase } from "./support/run-database";

test.describe("when the catalogue service rejects or does not answer", () => {
  test.use({ baseURL: instanceUrl("faulty") });

  test("the service's message is shown and the typed values are kept", async ({ page }) => {
    await fillNewCategory(page, REJECTED_NAME, "Typed before the rejection");

    await createButton(page).click();

    await expect(alertTitled(page, "The category was not created")).toContainText(REJECTED_MESSAGE);
    await expect(nameField(page)).toHaveValue(REJECTED_NAME);
    await expect(descriptionField(page)).toHaveValue("Typed before the rejection");
    await expect(page).toHaveURL(/\/categories\/new$/);
    await expectNoAxeViolationsInEitherScheme(page);
  });

  test("after a timeout the form says the outcome is unknown and to check the list", async ({ page }) => {
    await fillNewCategory(page, SLOW_NAME, "The service never answers this one");

    await createButton(page).click();

    const alert = alertTitled(page, "We don't know whether the category was created");
    await expect(alert).toContainText("may or may not have been created");
    await expect(alert.getByRole("link", { name: "list of categories" })).toBeVisible();
    await expect(nameField(page)).toHaveValue(SLOW_NAME);
    // Nor is it reported as probably created: the list read after the timeout does not have it.
    await expect(alertTitled(page, "The category was probably created")).toHaveCount(0);
  });
});

test.describe("when the catalogue service is down", () => {
  test.use({ baseURL: instanceUrl("down") });

  test("the list says so in plain words, and Try again asks for the list again", async ({ page }) => {
    await page.goto("/categories");

    const alert = alertTitled(page, "Couldn't load the categories");
    await expect(alert).toContainText("The catalogue service can't be reached right now.");
    const tryAgain = alert.getByRole("button", { name: "Try again" });
    await expect(tryAgain).toBeVisible();
    await expectNoAxeViolationsInEitherScheme(page);

    const retried = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/categories");
    await tryAgain.click();

    expect((await retried).status()).toBe(502);
    await expect(alertTitled(page, "Couldn't load the categories")).toBeVisible();
  });

  test("creating says the category was not created and keeps the typed values", async ({ page, uniqueName }) => {
    await fillNewCategory(page, uniqueName, "Typed while the service is down");

    await createButton(page).click();

    await expect(alertTitled(page, "The category was not created")).toContainText(
      "The catalogue service can't be reached right now.",
    );
    await expect(nameField(page)).toHaveValue(uniqueName);
    await expect(descriptionField(page)).toHaveValue("Typed while the service is down");
  });
});

/** An instance of its own, whose database a test cuts off and brings back through a loopback proxy. */
const databaseTest = test.extend<{ databaseProxy: TcpProxy; databaseAppUrl: string }>({
  databaseProxy: async ({}, provide) => {
    const database = await newRunDatabase();
    const proxy = await startTcpProxy(database.url);
    await provide(proxy);
    await proxy.stop();
    await database.stop();
  },
  databaseAppUrl: async ({ databaseProxy }, provide) => {
    const dir = await mkdtemp(join(tmpdir(), "categories-e2e-database-down-"));
    const app = await startAppInstance({
      port: await freePort(),
      logFile: join(dir, "database-down.log"),
      env: { DATABASE_URL: databaseProxy.url, DATABASE_CONNECT_TIMEOUT_MS: "1000" },
    });
    await provide(app.url);
    await app.stop();
    await rm(dir, { recursive: true, force: true });
  },
  baseURL: async ({ databaseAppUrl }, provide) => provide(databaseAppUrl),
});

// One test, so one instance of its own: a page loaded while the database is down, then one opened from a link.
databaseTest(
  "when the app's database is down, a page loaded or opened from a link says so, and Try again shows it once it is back",
  async ({ page, databaseProxy }) => {
    // Two waits for the database's return, each up to 20 s, besides the instance's own start.
    databaseTest.slow();
    const downAlert = page.getByRole("alert").filter({ hasText: "The app's database is not answering" });
    await databaseProxy.cut();
    await page.goto("/history");

    await expect(downAlert).toContainText("You are still signed in and nothing was lost.");
    await databaseProxy.restore();
    await expect(async () => {
      await downAlert.getByRole("link", { name: "Try again" }).click({ timeout: 2_000 });
      await expect(page.getByRole("heading", { level: 1, name: "History" })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });

    await page.goto("/categories/new");
    await expect(createButton(page)).toBeEnabled(); // once the page's scripts run, the link below navigates in place
    await databaseProxy.cut();

    await page.getByRole("link", { name: "Back to categories" }).click();

    await expect(downAlert.getByRole("button", { name: "Try again" })).toBeVisible();
    await expect(page).toHaveURL(/\/categories$/);
    await databaseProxy.restore();
    await expect(async () => {
      await downAlert.getByRole("button", { name: "Try again" }).click({ timeout: 2_000 });
      await expect(page.getByRole("heading", { level: 1, name: "Categories" })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  },
);
