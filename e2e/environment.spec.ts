import type { Page } from "@playwright/test";
import { instanceUrl } from "./support/constants";
import { expect, test } from "./support/fixtures";
import type { StandaloneServer } from "../scripts/lib/standalone-server.mjs";
import { startProductionInstance } from "./support/production-instance";

test.describe("against the staging catalogue", () => {
  test("the header shows a Staging badge and, with one environment configured, no Environment switch", async ({
    page,
  }) => {
    await page.goto("/categories");

    await expect(page.getByRole("banner")).toContainText("Environment: Staging");
    await expect(page.getByRole("navigation", { name: "Environment" })).toHaveCount(0);
  });

  test("the page title starts with [STAGING]", async ({ page }) => {
    await page.goto("/categories");
    await expect(page).toHaveTitle("[STAGING] Categories");

    await page.goto("/categories/new");
    await expect(page).toHaveTitle("[STAGING] New category");
  });
});

test.describe("against a local catalogue", () => {
  test.use({ baseURL: instanceUrl("down") });

  test("the header shows a Local badge and the title starts with [LOCAL]", async ({ page }) => {
    await page.goto("/categories/new");

    await expect(page.getByRole("banner")).toContainText("Environment: Local");
    await expect(page).toHaveTitle("[LOCAL] New category");
  });
});

/** What the header of the page now open shows of its environment: the badge's words and colours, the header's edge. */
async function environmentLook(page: Page) {
  const banner = page.getByRole("banner");
  // The badge's words: a hidden "Environment: " and the name on show.
  const badge = banner.locator(".badge");
  return {
    text: (await badge.textContent())?.trim(),
    badge: await badge.evaluate((element) => {
      const style = getComputedStyle(element);
      return `${style.color} on ${style.backgroundColor}`;
    }),
    edge: await banner.evaluate((element) => getComputedStyle(element).borderTopColor),
  };
}

test.describe("against the production catalogue", () => {
  // A production instance, started here: the global setup's instances are staging and local.
  test.use({ signedInAs: null });
  let production: StandaloneServer;

  test.beforeAll(async () => {
    production = await startProductionInstance();
  });

  test.afterAll(async () => {
    await production?.stop();
  });

  test("production, staging and local each have their own words and their own colours; production's title has no prefix", async ({
    page,
  }) => {
    const looks = [];
    for (const origin of [production.url, instanceUrl("main"), instanceUrl("down")]) {
      await page.goto(`${origin}/login`);
      if (origin === production.url) await expect(page).toHaveTitle("Sign in");
      looks.push(await environmentLook(page));
    }

    expect(looks.map(({ text }) => text)).toEqual([
      "Environment: Production",
      "Environment: Staging",
      "Environment: Local",
    ]);
    expect(new Set(looks.map(({ badge }) => badge)).size, "three different badge colourings").toBe(3);
    expect(new Set(looks.map(({ edge }) => edge)).size, "three different header edge colours").toBe(3);
  });
});
