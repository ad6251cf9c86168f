import { passwordField, signInButton, signInByApi, signInWithForm, usernameField } from "./support/auth";
import { expectNoAxeViolationsInEitherScheme } from "./support/axe";
import { ACCOUNTS, WRONG_PASSWORD } from "./support/constants";
import { descriptionField, expect, fillNewCategory, nameField, tabUntilFocused, test } from "./support/fixtures";
import { holdScripts } from "./support/held-scripts";

const admin = ACCOUNTS.admin;

// Every test here starts signed out. The ones that sign out make their own session, never the stored one.
test.use({ signedInAs: null });

// A signed-in visit to the sign-in page with an off-site next= is redirected within this app: tests/integration/open-redirect.test.ts.
// A page visited without a session answers with a redirect to sign-in (tests/integration/page-access.test.ts); the
// first test below shows that signing in there comes back to the page. That a copy of a signed-out session's cookie is
// refused is tests/integration/auth-routes.test.ts's.

test.describe("sign-in page", () => {
  test("before the page's scripts run, Sign in is disabled and Enter sends nothing: the password never reaches an address", async ({
    page,
  }) => {
    const scripts = await holdScripts(page);
    await page.goto("/login?next=%2Fcategories%2Fnew", { waitUntil: "domcontentloaded" });
    await usernameField(page).fill(admin.username);
    await passwordField(page).fill(admin.password);
    await expect(signInButton(page)).toBeDisabled();
    await passwordField(page).press("Enter");
    await scripts.release();

    await expect(signInButton(page)).toBeEnabled();
    expect(page.url()).not.toContain(encodeURIComponent(admin.password));
    await signInButton(page).click();
    await expect(page).toHaveURL(/\/categories\/new$/);
  });
  // Every off-site target is a row of tests/unit/safe-next-path.test.ts; this shows the page goes where that says.
  test("after sign-in, an off-site next (//evil.example) lands on the list of this app", async ({ page, baseURL }) => {
    await page.goto(`/login?next=${encodeURIComponent("//evil.example")}`);

    await signInWithForm(page, admin);

    await expect(page).toHaveURL(`${baseURL}/categories`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("a wrong password shows an alert, keeps the username and empties the password", async ({ page }) => {
    await page.goto("/login");
    await expect(signInButton(page)).toBeEnabled();
    // The sign-in page as it opens: e2e/accessibility.spec.ts lists where each page state is checked.
    await expectNoAxeViolationsInEitherScheme(page);

    await signInWithForm(page, { username: admin.username, password: WRONG_PASSWORD });

    await expect(page.locator("form").getByRole("alert")).toContainText("Wrong username or password.");
    await expect(usernameField(page)).toHaveValue(admin.username);
    await expect(passwordField(page)).toHaveValue("");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("the form can be filled in and sent with the keyboard alone, and the header then names the person and role", async ({
    page,
  }) => {
    await page.goto("/login");

    await tabUntilFocused(page, usernameField(page));
    await page.keyboard.type(admin.username);
    await page.keyboard.press("Tab");
    await expect(passwordField(page)).toBeFocused();
    await page.keyboard.type(admin.password);
    await page.keyboard.press("Tab");
    await expect(signInButton(page)).toBeFocused();
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(/\/categories$/);
    await expect(page.getByRole("banner")).toContainText(`Signed in as ${admin.username} (Admin) with a local account`);
  });
});

test.describe("signing out", () => {
  test.beforeEach(async ({ page }) => {
    await signInByApi(page.request, admin);
  });

  test("Sign out works from the keyboard and leads to sign-in, signed out", async ({ page }) => {
    await page.goto("/categories");
    const signOut = page.getByRole("button", { name: "Sign out" });

    await tabUntilFocused(page, signOut);
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("banner")).not.toContainText("Signed in as");
    expect((await page.request.get("/api/auth/session")).status()).toBe(401);
  });
});

test.describe("signing out with unsaved input", () => {
  // This test answers the leave prompt itself, so the fixture that fails on any dialog is replaced.
  test.use({ noDialogs: async ({}, provide) => provide() });
  test.beforeEach(async ({ page }) => {
    await signInByApi(page.request, admin); // a session of its own: signing out ends it
  });

  test("Sign out asks first, then forgets the create form's typed values, so the next person on this tab does not see them", async ({
    page,
    uniqueName,
  }) => {
    await fillNewCategory(page, uniqueName, "Typed before signing out");
    const asked: string[] = [];
    page.on("dialog", (dialog) => {
      asked.push(dialog.type());
      void dialog.accept();
    });
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(asked, "one in-app confirm, and no browser leave prompt on top").toEqual(["confirm"]);
    await signInWithForm(page, admin);
    // Sign out is enabled once the page has hydrated, so the link below navigates in the browser.
    await expect(page.getByRole("button", { name: "Sign out" })).toBeEnabled();

    await page.getByRole("link", { name: "New category" }).click();
    await descriptionField(page).pressSequentially("x");

    // A kept draft is restored the moment the form mounts, so there is nothing to wait for.
    await expect(descriptionField(page)).toHaveValue("x", { timeout: 1_000 });
    await expect(nameField(page)).toHaveValue("", { timeout: 1_000 });
  });
});
