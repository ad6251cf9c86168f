import { instanceUrl } from "./support/constants";
import { expect, test } from "./support/fixtures";

test.describe("against the staging catalogue", () => {
  test("the header shows a Staging badge", async ({ page }) => {
    await page.goto("/categories");

    await expect(page.getByRole("banner")).toContainText("Environment: Staging");
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
