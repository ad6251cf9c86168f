import { expectNoAxeViolationsInEitherScheme } from "./support/axe";
import { ACCOUNTS } from "./support/constants";
import { expect, test } from "./support/fixtures";

// What each role may do over HTTP, forged identity headers included: tests/integration/roles-api.test.ts.
test.describe("as a viewer", () => {
  test.use({ signedInAs: "viewer" });

  test("the list is shown, the header names the viewer and their role, and there is no New category link", async ({
    page,
  }) => {
    await page.goto("/categories");

    await expect(page.getByRole("cell", { name: "dog", exact: true })).toBeVisible();
    await expect(page.getByRole("banner")).toContainText(`Signed in as ${ACCOUNTS.viewer.username} (Viewer)`);
    await expect(page.getByRole("link", { name: "New category" })).toHaveCount(0);
  });

  test("/categories/new says they may not create categories and shows no form", async ({ page }) => {
    await page.goto("/categories/new");

    await expect(page.getByRole("heading", { name: "You may not create categories" })).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Create category" })).toHaveCount(0);
    await expectNoAxeViolationsInEitherScheme(page);
  });
});

// The header names an admin and their role: e2e/auth-pages.spec.ts › the form can be filled in and sent with the
// keyboard alone, and the header then names the person and role.
