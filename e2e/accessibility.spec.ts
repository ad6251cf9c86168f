import { randomBytes } from "node:crypto";
import { passwordField, signInButton, usernameField } from "./support/auth";
import { expectNoAxeViolationsInEitherScheme } from "./support/axe";
import { REJECTED_NAME, instanceUrl } from "./support/constants";
import { alertTitled, createButton, dataRows, expect, fillNewCategory, nameField, test } from "./support/fixtures";
import { EMPTY_LIST_REQUEST_ID_PREFIX } from "./support/scripted-catalogue";

// Every page in every state, each checked in both colour schemes: contrast is judged against each scheme's own colours.
test.describe("no axe violations in either scheme", () => {
  test.describe("sign-in", () => {
    test.use({ signedInAs: null });

    test("the sign-in page", async ({ page }) => {
      await page.goto("/login");
      await expect(signInButton(page)).toBeEnabled();

      await expectNoAxeViolationsInEitherScheme(page);
    });

    test("the sign-in page with field errors", async ({ page }) => {
      await page.goto("/login");
      await signInButton(page).click();
      await expect(usernameField(page)).toHaveAttribute("aria-invalid", "true");
      await expect(usernameField(page)).toBeFocused();

      await expectNoAxeViolationsInEitherScheme(page);
    });

    test("the sign-in page after a failed sign-in", async ({ page }) => {
      // An unknown person from an address of its own, so no real account or address gets closer to the throttle.
      await page.setExtraHTTPHeaders({ "x-forwarded-for": `10.${[...randomBytes(3)].join(".")}` });
      await page.goto("/login");
      await usernameField(page).fill(`nobody-${randomBytes(4).toString("hex")}`);
      await passwordField(page).fill("not the password of anyone");
      await signInButton(page).click();
      await expect(alertTitled(page, "You are not signed in")).toBeFocused();

      await expectNoAxeViolationsInEitherScheme(page);
    });
  });

  test.describe("the list", () => {
    test("loaded", async ({ page }) => {
      await page.goto("/categories");
      await expect(page.getByRole("cell", { name: "dog", exact: true })).toBeVisible();

      await expectNoAxeViolationsInEitherScheme(page);
    });

    test("sorted by name, descending, from the URL", async ({ page }) => {
      await page.goto("/categories?sort=name&dir=desc");
      await expect(page.getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "descending");
      await expect(page.getByText(/^Loaded \d\d:\d\d$/)).toBeVisible();

      await expectNoAxeViolationsInEitherScheme(page);
    });

    test("filtered to nothing", async ({ page }) => {
      await page.goto("/categories");
      await page.getByRole("searchbox", { name: "Search" }).fill("no category is called this");
      await expect(page.getByText("No categories match")).toBeVisible();

      await expectNoAxeViolationsInEitherScheme(page);
    });

    test("after a create, with the announcement on show", async ({ page, uniqueName }) => {
      await fillNewCategory(page, uniqueName, "Made by the accessibility test");
      await createButton(page).click();
      await expect(page.getByRole("status").filter({ hasText: `Created ${uniqueName}` })).toBeVisible();
      await expect(dataRows(page).filter({ hasText: uniqueName })).toBeVisible();

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

    test.describe("when the catalogue service is down", () => {
      test.use({ baseURL: instanceUrl("down") });

      test("service down", async ({ page }) => {
        await page.goto("/categories");
        await expect(alertTitled(page, "Couldn't load the categories")).toBeVisible();

        await expectNoAxeViolationsInEitherScheme(page);
      });
    });
  });

  test.describe("the create form", () => {
    test("empty", async ({ page }) => {
      await page.goto("/categories/new");
      await expect(createButton(page)).toBeEnabled();

      await expectNoAxeViolationsInEitherScheme(page);
    });

    test("with the duplicate-name hint", async ({ page }) => {
      await fillNewCategory(page, "dog");
      await expect(page.locator("#category-name-same")).toHaveText("dog already exists (ID 1)");

      await expectNoAxeViolationsInEitherScheme(page);
    });

    test("with a field error", async ({ page }) => {
      await page.goto("/categories/new");
      await createButton(page).click();
      await expect(nameField(page)).toHaveAttribute("aria-invalid", "true");

      await expectNoAxeViolationsInEitherScheme(page);
    });

    test("submitting", async ({ page, uniqueName }) => {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      // The create is held until axe has looked at the page, so "Creating…" stays on show; it is then refused.
      await page.route("**/api/categories", async (route) => {
        if (route.request().method() !== "POST") return route.fallback();
        await held;
        await route.abort();
      });
      await fillNewCategory(page, uniqueName);
      await createButton(page).click();
      await expect(page.getByRole("button", { name: "Creating…" })).toBeDisabled();

      await expectNoAxeViolationsInEitherScheme(page);
      release();
    });

    test.describe("when the service refuses", () => {
      test.use({ baseURL: instanceUrl("faulty") });

      test("with a server error", async ({ page }) => {
        await fillNewCategory(page, REJECTED_NAME);
        await createButton(page).click();
        await expect(alertTitled(page, "The category was not created")).toBeFocused();

        await expectNoAxeViolationsInEitherScheme(page);
      });
    });

    test.describe("as a viewer", () => {
      test.use({ signedInAs: "viewer" });

      test("not allowed", async ({ page }) => {
        await page.goto("/categories/new");
        await expect(page.getByRole("heading", { name: "You may not create categories" })).toBeVisible();

        await expectNoAxeViolationsInEitherScheme(page);
      });
    });
  });

  test("the page-not-found page", async ({ page }) => {
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();

    await expectNoAxeViolationsInEitherScheme(page);
  });
});
