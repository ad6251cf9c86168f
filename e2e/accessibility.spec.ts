import { randomBytes } from "node:crypto";
import { signInButton, usernameField } from "./support/auth";
import { expectNoAxeViolationsInEitherScheme } from "./support/axe";
import { instanceUrl } from "./support/constants";
import { createButton, expect, nameField, test } from "./support/fixtures";
import { EMPTY_LIST_REQUEST_ID_PREFIX } from "./support/scripted-catalogue";

// Every page in every state, each checked in both colour schemes: contrast is judged against each scheme's own colours.
// The states a test elsewhere already reaches are checked at the end of that test:
// - the sign-in page: auth-pages.spec.ts › a wrong password shows an alert…
// - after a failed sign-in: keyboard.spec.ts › a failed sign-in moves focus to the error
// - the list loaded: list.spec.ts › the list shows the catalogue's categories…
// - the list after a create, with the announcement on show: create.spec.ts › creating a category goes back to the list…
// - the list when the catalogue service is down: failures.spec.ts › the list says so in plain words…
// - the create form with the duplicate-name hint: create-faster.spec.ts › a draft brought back after leaving…
// - the create form with a field error: create.spec.ts › an empty Name is shown next to the field…
// - the create form with a server error: failures.spec.ts › the service's message is shown…
// - the create form as a viewer (not allowed): roles.spec.ts › /categories/new says they may not create categories…
test.describe("no axe violations in either scheme", () => {
  test.describe("sign-in", () => {
    test.use({ signedInAs: null });

    test("the sign-in page with field errors", async ({ page }) => {
      await page.goto("/login");
      await signInButton(page).click();
      await expect(usernameField(page)).toHaveAttribute("aria-invalid", "true");
      await expect(usernameField(page)).toHaveAccessibleDescription(/Enter your username/);
      await expect(usernameField(page)).toBeFocused();

      await expectNoAxeViolationsInEitherScheme(page);
    });
  });

  test.describe("the list", () => {
    test("sorted by name, descending, from the URL, then filtered to nothing", async ({ page }) => {
      await page.goto("/categories?sort=name&dir=desc");
      await expect(page.getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "descending");
      await expect(page.getByText(/^Loaded \d\d:\d\d$/)).toBeVisible();
      await expectNoAxeViolationsInEitherScheme(page);

      await page.getByRole("searchbox", { name: "Search" }).fill("no category is called this");
      await expect(page.getByText("No categories match")).toBeVisible();
      await expectNoAxeViolationsInEitherScheme(page);
    });

    test.describe("of an empty catalogue", () => {
      test.use({ baseURL: instanceUrl("faulty") });

      test("empty", async ({ page }) => {
        await page.setExtraHTTPHeaders({
          "x-request-id": `${EMPTY_LIST_REQUEST_ID_PREFIX}-${randomBytes(4).toString("hex")}`,
        });
        await page.goto("/categories");
        await expect(page.getByText("There are no categories yet.")).toBeVisible();

        await expectNoAxeViolationsInEitherScheme(page);
      });
    });
  });

  test.describe("the create form", () => {
    test("empty, then submitting", async ({ page, uniqueName }) => {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      // The create is held until axe has looked at the page, so "Creating…" stays on show; it is then refused.
      await page.route("**/api/categories", async (route) => {
        if (route.request().method() !== "POST") return route.fallback();
        await held;
        await route.abort();
      });
      await page.goto("/categories/new");
      await expect(createButton(page)).toBeEnabled();
      await expectNoAxeViolationsInEitherScheme(page);

      await nameField(page).fill(uniqueName);
      await createButton(page).click();
      await expect(page.getByRole("button", { name: "Creating…" })).toBeDisabled();
      await expectNoAxeViolationsInEitherScheme(page);
      release();
    });
  });

  test("the page-not-found page", async ({ page }) => {
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();

    await expectNoAxeViolationsInEitherScheme(page);
  });
});
