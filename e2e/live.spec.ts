import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { freePort } from "../scripts/lib/ports.mjs";
import { type FakeCatalogue, json, startFakeCatalogue } from "../tests/support/fake-catalogue";
import { startAppInstance } from "./support/app-instance";
import { expectNoAxeViolationsInEitherScheme } from "./support/axe";
import { dataRows, expect, expectColumn, test as base } from "./support/fixtures";
import { newRunDatabase } from "./support/run-database";

/** How long the catalogue takes over a create whose name starts with "slow": longer than a few polls of a job. */
const SLOW_CREATE_MS = 5_000;

type Listed = { id: number; name: string; description?: string };

/** A catalogue that keeps what is created, so lists read after a create have it. */
function keepingCatalogue(): Promise<FakeCatalogue> {
  const list: Listed[] = [
    { id: 1, name: "dog", description: "Domestic dogs" },
    { id: 2, name: "cat", description: "Domestic cats" },
  ];
  return startFakeCatalogue(({ method, body }) => {
    if (method !== "POST") return json(200, list);
    const created = { id: list.length + 1, ...(JSON.parse(body) as Omit<Listed, "id">) };
    list.push(created);
    return { ...json(201, created), delayMs: created.name.startsWith("slow") ? SLOW_CREATE_MS : 0 };
  });
}

// An instance with a database and a catalogue of its own: on the shared ones, the other tests' creates would be
// announced on these pages too.
const test = base.extend<object, { liveApp: { url: string; catalogue: FakeCatalogue } }>({
  liveApp: [
    async ({}, provide) => {
      const dir = await mkdtemp(join(tmpdir(), "categories-e2e-live-"));
      const database = await newRunDatabase();
      const catalogue = await keepingCatalogue();
      const app = await startAppInstance({
        port: await freePort(),
        logFile: join(dir, "live.log"),
        env: { CATALOGUE_API_URL: catalogue.url, DATABASE_URL: database.url },
      });
      await provide({ url: app.url, catalogue });
      await app.stop();
      await Promise.all([database.stop(), catalogue.close()]);
      await rm(dir, { recursive: true, force: true });
    },
    { scope: "worker" },
  ],
  baseURL: async ({ liveApp }, provide) => provide(liveApp.url),
});

// "Updates:" is for screen readers; the page shows the word alone.
// One instance for the file: its tests run one after the other in one worker.
test.describe.configure({ mode: "default" });

const liveStatus = (page: Page) => page.getByRole("banner").getByText("Updates: Live", { exact: true });

test.describe("as a viewer", () => {
  test.use({ signedInAs: "viewer" });

  test("a category someone else creates joins the list at once, marked new and announced, the view kept", async ({
    page,
    adminRequest,
    uniqueName,
  }) => {
    await page.goto("/categories?q=domestic&sort=name&dir=desc");
    await expect(liveStatus(page)).toBeVisible();
    // The stream may be live before the list has hydrated and listens: an event before that only shows at the next read.
    await expect(page.getByRole("button", { name: "Name" })).toBeEnabled();
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));

    const created = await adminRequest.post("/api/categories", {
      data: { name: `${uniqueName} ant`, description: "Domestic ants" },
    });
    expect(created.status()).toBe(201);

    await expect(dataRows(page).first().getByText("New", { exact: true })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "added by others" })).toHaveText(
      "1 category added by others",
    );
    // In its place by name, descending, under the search typed before it came.
    await expectColumn(page, 1, [`${uniqueName} ant`, "dog", "cat"]);
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("domestic");
    expect(await page.evaluate(() => "notReloaded" in window)).toBe(true);
    await expectNoAxeViolationsInEitherScheme(page);
  });

  test("a burst of creates joins the list in place without a read of the list, and its New marks clear", async ({
    page,
    adminRequest,
    uniqueName,
  }) => {
    await page.goto(`/categories?q=${encodeURIComponent(uniqueName)}&sort=name&dir=desc`);
    await expect(liveStatus(page)).toBeVisible();
    // Nothing matches yet, so no table: "Loaded" shows once the list has hydrated and listens.
    await expect(page.getByText(/^Loaded \d{2}:\d{2}$/)).toBeVisible();
    const listReads: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/categories") listReads.push(request.method());
    });

    // As a colleague's script would send them: 8 at a time.
    const names = Array.from({ length: 24 }, (_, index) => `${uniqueName} burst ${String(index).padStart(2, "0")}`);
    for (let first = 0; first < names.length; first += 8)
      await Promise.all(
        names.slice(first, first + 8).map(async (name) => {
          expect((await adminRequest.post("/api/categories", { data: { name } })).status()).toBe(201);
        }),
      );

    await expectColumn(page, 1, [...names].reverse());
    await expect(dataRows(page).getByText("New", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue(uniqueName);
    expect(listReads, "reads of the list").toEqual([]);
    // The marks last 8 s.
    await expect(dataRows(page).getByText("New", { exact: true })).toHaveCount(0, { timeout: 30_000 });
    await expectColumn(page, 1, [...names].reverse());
  });
});

test("an import's page follows its job through the stream, without polling while live", async ({ page, liveApp }) => {
  const jobReads: string[] = [];
  page.on("request", (request) => {
    if (/^\/api\/jobs\/[^/]+$/.test(new URL(request.url()).pathname)) jobReads.push(request.url());
  });
  await page.goto("/categories/import");
  await page.getByLabel("CSV file").setInputFiles({
    name: "slow.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("name\nslow newt\n"),
  });
  await expect(liveStatus(page)).toBeVisible();
  await page.getByRole("button", { name: "Import 1 category" }).click();
  await expect(page.getByRole("heading", { name: "Importing" })).toBeVisible();

  // The create takes 5 s at the catalogue. A poll would read the job about once a second over that time; the stream
  // reads it only for what changes (the row's progress and the end, which may collapse into one read).
  await expect.poll(() => liveApp.catalogue.requests.some(({ method }) => method === "POST")).toBe(true);
  const before = jobReads.length;
  await expect(
    page.getByRole("paragraph").filter({ hasText: "Import finished: 1 created, 0 skipped, 0 failed" }),
  ).toBeVisible({ timeout: 15_000 });
  expect(jobReads.length - before, "job reads while the create was held").toBeLessThanOrEqual(3);
});
