import type { StandaloneServer } from "../scripts/lib/standalone-server.mjs";
import { type FakeCatalogue, json, startFakeCatalogue } from "../tests/support/fake-catalogue";
import { dataRows, expect, test } from "./support/fixtures";
import { startProductionInstance } from "./support/production-instance";

const SMALL_LIST = [{ id: 1, name: "Breed 1", description: "A list the server renders" }];
// Over the 256 KiB the server renders: the browser reads this list itself.
const LARGE_LIST = Array.from({ length: 3_000 }, (_, index) => ({
  id: index + 1,
  name: `Breed ${index + 1}`,
  description: "d".repeat(100),
}));

// One worker runs both tests in turn: split over both, each would start the app again.
test.describe.configure({ mode: "default" });

let catalogue: FakeCatalogue;
let app: StandaloneServer;

test.beforeAll(async () => {
  catalogue = await startFakeCatalogue(() => json(200, LARGE_LIST));
  app = await startProductionInstance({ catalogueUrl: catalogue.url });
});

test.afterAll(async () => {
  await app?.stop();
  await catalogue?.close();
});

test("a list too large for the server render is read once per visit, by the browser, which starts on it with the page", async ({
  page,
}) => {
  catalogue.reply(() => json(200, LARGE_LIST));
  await page.goto(`${app.url}/categories`);
  await expect(dataRows(page).first()).toContainText("Breed 1");

  const browserReads: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/categories") browserReads.push(request.url());
  });
  catalogue.requests.length = 0;
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: "3,000 categories" })).toBeVisible();
  await expect(dataRows(page).first()).toContainText("Breed 1");

  expect(browserReads).toHaveLength(1);
  expect(catalogue.requests).toHaveLength(1);
  expect(await page.locator('link[rel="preload"][as="fetch"][href="/api/categories"]').count()).toBe(1);
});

test("while the server reads a slow list, a navigation to the list shows its skeleton at once", async ({ page }) => {
  catalogue.reply(() => json(200, SMALL_LIST));
  expect((await page.request.get(`${app.url}/api/categories`)).status()).toBe(200); // the list is known to be small
  catalogue.reply(() => ({ ...json(200, SMALL_LIST), delayMs: 3_000 }));
  await page.goto(`${app.url}/categories/new`);
  // Hydrated (the buttons wait for scripts): before that the click would load the whole page from the server.
  await expect(page.getByRole("button", { name: "Create category" })).toBeEnabled();

  await page.getByRole("link", { name: "Categories admin" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Categories" })).toBeVisible({ timeout: 1_000 });
  await expect(page.getByRole("status").filter({ hasText: "Loading…" })).toBeAttached();
  expect(await dataRows(page).count()).toBe(0);

  await expect(dataRows(page).first()).toContainText("Breed 1", { timeout: 10_000 });
  await expect(page.getByRole("status").filter({ hasText: "Loading…" })).toHaveCount(0);
});
