import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { freePort } from "../scripts/lib/ports.mjs";
import type { StandaloneServer } from "../scripts/lib/standalone-server.mjs";
import { startAppInstance } from "./support/app-instance";
import { expectNoAxeViolations } from "./support/axe";
import { holdScripts } from "./support/held-scripts";
import { ENV, FAULTY_TIMEOUT_MS, instanceUrl, setupValue } from "./support/constants";
import { newRunDatabase } from "./support/run-database";
import { expect, test } from "./support/fixtures";
import { APPLIED_BUT_SLOW_PREFIX, DELAYED_PREFIX } from "./support/scripted-catalogue";

const fileInput = (page: Page) => page.getByLabel("CSV file");

async function chooseFile(page: Page, name: string, text: string | Buffer) {
  await page.goto("/categories/import");
  await fileInput(page).setInputFiles({
    name,
    mimeType: "text/csv",
    buffer: typeof text === "string" ? Buffer.from(text) : text,
  });
}

test("an admin imports a file: preview first, then exactly the new rows, then results that download as CSV", async ({
  page,
  uniqueName,
  listCategories,
  adminRequest,
}) => {
  await page.goto("/categories");
  await page.getByRole("link", { name: "Import CSV" }).click();
  await expect(page).toHaveURL(/\/categories\/import$/);

  const csv =
    `name,description,id\n${uniqueName} one,"first, with a comma",9\n DOG ,again,\n` +
    `${uniqueName} ONE,repeat,\n"",no name,\n${uniqueName} two,,\n`;
  await fileInput(page).setInputFiles({ name: "breeds.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(page).toHaveURL(/\/categories\/import\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Import of breeds.csv");
  await expect(page.getByText("2 to create, 1 already in the catalogue, 1 repeated, 1 invalid")).toBeVisible();
  await expect(page.getByText("Ignored columns: id.")).toBeVisible();
  expect(await listCategories()).not.toContainEqual(expect.objectContaining({ name: `${uniqueName} one` }));

  const anyway = page.getByRole("checkbox", { name: "Create these anyway" });
  await anyway.check();
  await expect(page.getByRole("button", { name: "Import 3 categories" })).toBeVisible();
  await anyway.uncheck();
  await page.getByRole("button", { name: "Import 2 categories" }).click();

  await expect(
    page.getByRole("paragraph").filter({ hasText: "Import finished: 2 created, 3 skipped, 0 failed" }),
  ).toBeVisible();
  const listed = await listCategories();
  // Rows are sent 4 at a time, so the catalogue may have them in either order.
  const imported = listed
    .filter((category) => category.name.startsWith(uniqueName))
    .sort((a, b) => a.name.localeCompare(b.name));
  expect(imported.map(({ name, description }) => ({ name, description }))).toEqual([
    { name: `${uniqueName} one`, description: "first, with a comma" },
    { name: `${uniqueName} two` },
  ]);
  expect(listed.filter((category) => category.name.trim().toLowerCase() === "dog")).toHaveLength(1);

  await page.getByLabel("Show").selectOption("skipped");
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(4);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download results" }).click(),
  ]);
  const results = (await (await download.createReadStream()).toArray()).join("");
  // Ids are above 2^53 here, so they are checked in the list's own text, not through JSON.parse.
  const ids = [...results.matchAll(/,created,(\d+),/g)].map((match) => match[1]);
  const rawList = await (await adminRequest.get("/api/categories")).text();
  expect(
    ids.map((id, index) => rawList.includes(`"id":${id},"name":"${uniqueName} ${["one", "two"][index]}"`)),
  ).toEqual([true, true]);
  expect(results).toBe(
    "\uFEFFline,name,description,outcome,id,message\r\n" +
      `2,${uniqueName} one,"first, with a comma",created,${ids[0]},\r\n` +
      "3, DOG ,again,skipped,1,Already in the catalogue (ID 1)\r\n" +
      `4,${uniqueName} ONE,repeat,skipped,,Same name as line 2\r\n` +
      "5,,no name,skipped,,Enter a name\r\n" +
      `6,${uniqueName} two,,created,${ids[1]},\r\n`,
  );

  await page.goto("/categories/import");
  await expect(page.getByRole("link", { name: "breeds.csv" }).first()).toBeVisible();

  // The history says which rows came from this import, and what it did.
  await page.goto(`/history?action=category_created&q=${encodeURIComponent(`${uniqueName} one`)}`);
  await expect(page.getByRole("link", { name: "by the import of breeds.csv" })).toHaveAttribute(
    "href",
    /^\/categories\/import\/[0-9a-f-]{36}$/,
  );
  await page.goto("/history?action=import_finished");
  await expect(
    page.getByRole("link", { name: "breeds.csv, 2 created, 3 skipped, 0 failed, 0 unknown" }).first(),
  ).toBeVisible();
});

test("a file that cannot be read gets one alert saying what and where, and creates nothing", async ({ page }) => {
  await chooseFile(page, "broken.csv", 'name\nfine\n"never closed\n');
  const alert = page.getByRole("alert").filter({ hasText: "This file cannot be imported" });
  await expect(alert).toContainText("The quote opened on line 3 is never closed");
  await expect(alert).toBeFocused();
  await expect(page).toHaveURL(/\/categories\/import$/);

  await expectNoAxeViolations(page);

  await fileInput(page).setInputFiles({ name: "names.csv", mimeType: "text/csv", buffer: Buffer.from("title\nx\n") });
  await expect(alert).toContainText('The file has no "name" column');
  await expect(alert).toHaveCount(1);
});

test("the import page and a preview have no axe violations and work from the keyboard", async ({
  page,
  uniqueName,
}) => {
  await page.goto("/categories/import");
  await expectNoAxeViolations(page);
  await chooseFile(page, "keyboard.csv", `name\n${uniqueName}\ndog\n`);
  await expect(page.getByText("1 to create, 1 already in the catalogue, 0 repeated, 0 invalid")).toBeVisible();
  await expectNoAxeViolations(page);

  const checkbox = page.getByRole("checkbox", { name: "Create these anyway" });
  await checkbox.focus();
  await page.keyboard.press("Space");
  await expect(checkbox).toBeChecked();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Import 1 category" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(
    page.getByRole("paragraph").filter({ hasText: "Import finished: 1 created, 1 skipped, 0 failed" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Result" })).toBeFocused();
  await expectNoAxeViolations(page);
});

test("a file chosen before the page's scripts have run is previewed once they have", async ({ page, uniqueName }) => {
  const scripts = await holdScripts(page);
  await page.goto("/categories/import", { waitUntil: "domcontentloaded" });
  await fileInput(page).setInputFiles({
    name: "early.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`name\n${uniqueName}\n`),
  });
  await scripts.release();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Import of early.csv");
  await expect(page.getByText("1 to create, 0 already in the catalogue, 0 repeated, 0 invalid")).toBeVisible();
});

test.describe("against a catalogue that applies a create but times out", () => {
  test.use({ baseURL: instanceUrl("faulty") });

  test("a create applied whose response timed out is confirmed from the list, not sent again", async ({
    page,
    uniqueName,
  }) => {
    const lost = `${APPLIED_BUT_SLOW_PREFIX} ${uniqueName}`;
    await chooseFile(page, "lost.csv", `name\n${lost}\n`);
    await expect(page.getByText("1 to create")).toBeVisible();
    await page.getByRole("button", { name: "Import 1 category" }).click();
    await expect(
      page.getByRole("paragraph").filter({ hasText: "Import finished: 1 created, 0 skipped, 0 failed" }),
    ).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText("1 category was confirmed in the catalogue after its answer was lost.")).toBeVisible();
    await expect(
      page.getByRole("cell", { name: "Created (found in the catalogue after its response was lost)" }),
    ).toBeVisible();
  });
});

/**
 * An instance of its own on the scripted catalogue: the timeouts here open its circuit breaker on purpose, which
 * on the shared faulty instance would pause the other tests' calls too.
 */
const outageTest = test.extend<{ outageApp: StandaloneServer }>({
  outageApp: [
    async ({}, provide) => {
      const dir = await mkdtemp(join(tmpdir(), "categories-e2e-outage-"));
      const database = await newRunDatabase();
      const fakeCatalogue = (JSON.parse(setupValue(ENV.upstreamUrls)) as string[])[1] ?? "";
      const app = await startAppInstance({
        port: await freePort(),
        logFile: join(dir, "outage.log"),
        env: {
          CATALOGUE_API_URL: fakeCatalogue,
          CATALOGUE_TIMEOUT_MS: String(FAULTY_TIMEOUT_MS),
          // A short pause once the breaker opens, so the Resumes below need not wait out the default 10 s.
          CATALOGUE_BREAKER_COOLDOWN_MS: "1000",
          DATABASE_URL: database.url,
        },
      });
      await provide(app);
      await app.stop();
      await database.stop();
      await rm(dir, { recursive: true, force: true });
    },
    // One per test: its circuit breaker starts closed however often the test is run.
    { scope: "test" },
  ],
  baseURL: async ({ outageApp }, provide) => provide(outageApp.url),
});

outageTest.describe("a catalogue that keeps timing out", () => {
  outageTest(
    "pauses the import after 5 unconfirmed creates in a row; Resume ends it, and the list confirms what was created",
    async ({ page, uniqueName }) => {
      test.setTimeout(90_000);
      // More rows than are in flight when the fifth goes unconfirmed: a pause is only for rows not yet sent.
      const names = Array.from({ length: 10 }, (_, i) => `${APPLIED_BUT_SLOW_PREFIX} ${uniqueName} ${i}`);
      await chooseFile(page, "outage.csv", `name\n${names.join("\n")}\n`);
      await page.getByRole("button", { name: "Import 10 categories" }).click();

      // Unconfirmed creates in a row pause it, or the app's circuit breaker opens first: either way nothing more is
      // sent.
      const paused = page.getByRole("alert").filter({ hasText: "The import is paused" });
      await expect(paused).toContainText(
        /did not confirm 5 creates in a row|could not be reached|calls to it are paused/,
        {
          timeout: 15_000,
        },
      );
      await expect(page.getByRole("heading", { name: "Paused", exact: true })).toBeFocused();
      await expectNoAxeViolations(page);

      const finished = page
        .getByRole("paragraph")
        .filter({ hasText: "Import finished: 10 created, 0 skipped, 0 failed" });
      // As a person would: Resume whenever it is paused, until it finishes. A Resume within the breaker's cooldown
      // pauses again at once (the list cannot be read yet), so how many it takes depends on the machine's speed.
      await expect(async () => {
        if (await paused.isVisible()) await paused.getByRole("button", { name: "Resume" }).click({ timeout: 2_000 });
        await expect(finished).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 60_000 });
      await expect(
        page.getByText(/\d+ categories were confirmed in the catalogue after their answers were lost\./),
      ).toBeVisible();
    },
  );
});

test.describe("a running import", () => {
  test.use({ baseURL: instanceUrl("faulty") });

  test("shows its progress live, survives a reload, and Cancel stops sending: the rest is skipped", async ({
    page,
    uniqueName,
  }) => {
    const names = Array.from({ length: 300 }, (_, i) => `${DELAYED_PREFIX} ${uniqueName} ${i}`);
    await chooseFile(page, "slow.csv", `name\n${names.join("\n")}\n`);
    await page.getByRole("button", { name: "Import 300 categories" }).click();

    const progress = page.getByRole("progressbar", { name: "Import progress" });
    await expect(progress).toHaveAttribute("max", "300");
    await expect.poll(async () => Number(await progress.getAttribute("value")), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Importing" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: /of 300 rows sent/ })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Cancel import" }).click();
    const result = page
      .getByRole("paragraph")
      .filter({ hasText: /^Import cancelled: \d+ created, \d+ skipped, 0 failed$/ });
    await expect(result).toBeVisible({ timeout: 10_000 });
    const [, created, skipped] = (await result.textContent())?.match(/(\d+) created, (\d+) skipped/) ?? [];
    expect(Number(created) + Number(skipped)).toBe(300);
    expect(Number(skipped)).toBeGreaterThan(0);
    await page.goto("/categories/import");
    await expect(page.getByRole("row").filter({ hasText: "slow.csv" }).first()).toContainText("Cancelled");
  });
});

test.describe("as a viewer", () => {
  test.use({ signedInAs: "viewer" });

  test("the import pages refuse, as the create page does, and the list has no Import CSV link", async ({ page }) => {
    await page.goto("/categories/import");
    await expect(page.getByRole("heading", { name: "You may not import categories" })).toBeVisible();
    await expect(page.getByLabel("CSV file")).toHaveCount(0);
    await page.goto("/categories/import/00000000-0000-4000-8000-000000000000");
    await expect(page.getByRole("heading", { name: "You may not import categories" })).toBeVisible();
    const response = await page.request.post("/api/imports", {
      headers: { "content-type": "text/csv" },
      data: "name\nx\n",
    });
    expect(response.status()).toBe(403);
    await page.goto("/categories");
    await expect(page.getByRole("cell", { name: "dog", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Import CSV" })).toHaveCount(0);
  });
});
