import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { usernameField } from "./support/auth";
import { expectNoAxeViolationsInEitherScheme } from "./support/axe";
import { REJECTED_NAME, instanceUrl } from "./support/constants";
import {
  alertTitled,
  createButton,
  descriptionField,
  expect,
  nameField,
  tabUntilFocused,
  test,
} from "./support/fixtures";

// Only the keyboard here: Tab, Shift+Tab, Enter, Space and typing. No clicks, no fill().

function searchBox(page: Page): Locator {
  return page.getByRole("searchbox", { name: "Search" });
}

function columnHeader(page: Page, name: string): Locator {
  return page.getByRole("columnheader", { name, exact: true });
}

/** The computed outline of an element, as the browser draws it now. */
function outlineOf(target: Locator): Promise<{ style: string; width: number; color: string }> {
  return target.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), color: style.outlineColor };
  });
}

async function expectFocusRing(target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  const outline = await outlineOf(target);
  expect(outline.style, "outline style of the focused element").toBe("solid");
  expect(outline.width, "outline width of the focused element").toBeGreaterThanOrEqual(2);
  expect(outline.color, "outline colour of the focused element").not.toMatch(/^rgba\(.*, 0\)$|transparent/);
}

test("the skip link is the first Tab stop, shows when focused and moves focus to the main content, and every control the keyboard reaches shows a visible focus ring", async ({
  page,
}) => {
  await page.goto("/categories");
  // The page streams: until its content replaces the loading skeleton, main holds nothing to Tab to.
  await expect(page.getByRole("link", { name: "New category" })).toBeVisible();

  await page.keyboard.press("Tab");
  const skipLink = page.getByRole("link", { name: "Skip to content" });
  await expectFocusRing(skipLink);
  await expect(skipLink).toBeInViewport();

  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
  await page.keyboard.press("Tab");
  await expectFocusRing(page.getByRole("link", { name: "New category" }));
  // Sign out, the header's last control, needs the page's scripts: until they run it is disabled and Tab skips it.
  await expect(page.getByRole("button", { name: "Sign out" })).toBeEnabled();
  await page.keyboard.press("Shift+Tab");
  await expectFocusRing(page.getByRole("button", { name: "Sign out" }));
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "New category" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expectFocusRing(page.getByRole("link", { name: "Import CSV" }));
  await page.keyboard.press("Tab");
  await expectFocusRing(searchBox(page));
  await tabUntilFocused(page, page.getByRole("button", { name: "ID", exact: true }));
  await expectFocusRing(page.getByRole("button", { name: "ID", exact: true }));
});

test.describe("signing in", () => {
  test.use({ signedInAs: null });

  // Signing in with the keyboard alone: e2e/auth-pages.spec.ts › the form can be filled in and sent with the keyboard
  // alone….

  test("a failed sign-in moves focus to the error", async ({ page }) => {
    // An unknown person from an address of its own: no real account or address gets closer to the throttle.
    await page.setExtraHTTPHeaders({ "x-forwarded-for": `10.${[...randomBytes(3)].join(".")}` });
    await page.goto("/login");

    await tabUntilFocused(page, usernameField(page));
    await page.keyboard.type(`nobody-${randomBytes(4).toString("hex")}`);
    await page.keyboard.press("Tab");
    await page.keyboard.type("not the password of anyone");
    await page.keyboard.press("Enter");

    const alert = alertTitled(page, "You are not signed in");
    await expect(alert).toBeFocused();
    await expect(alert).toContainText("Wrong username or password.");
    await expectFocusRing(alert);
    await expectNoAxeViolationsInEitherScheme(page);
  });
});

test.describe("the list", () => {
  test("search is typed into, and the count is announced while focus stays in the search box", async ({ page }) => {
    await page.goto("/categories");
    await expect(page.getByRole("cell", { name: "dog", exact: true })).toBeVisible();

    await tabUntilFocused(page, searchBox(page));
    await page.keyboard.type("rabb");

    await expect(page.getByRole("status").filter({ hasText: /^1 of [\d,]+ categories$/ })).toBeVisible();
    await expect(page.getByRole("cell", { name: "rabbit", exact: true })).toBeVisible();
    await expect(page.getByRole("cell", { name: "dog", exact: true })).toBeHidden();
    await expect(searchBox(page)).toBeFocused();
  });

  test("sorting works with Enter and Space, and aria-sort says the order", async ({ page }) => {
    await page.goto("/categories");
    const idButton = page.getByRole("button", { name: "ID", exact: true });
    const nameButton = page.getByRole("button", { name: "Name", exact: true });
    await expect(columnHeader(page, "ID")).toHaveAttribute("aria-sort", "ascending");

    await tabUntilFocused(page, idButton);
    await page.keyboard.press("Enter");
    await expect(columnHeader(page, "ID")).toHaveAttribute("aria-sort", "descending");
    await expect(idButton).toBeFocused();

    await page.keyboard.press("Tab");
    await expect(nameButton).toBeFocused();
    await page.keyboard.press("Space");
    await expect(columnHeader(page, "Name")).toHaveAttribute("aria-sort", "ascending");
    await expect(columnHeader(page, "ID")).toHaveAttribute("aria-sort", "none");
    await expect(page.getByRole("table")).toHaveAccessibleName(/sorted by Name ascending/);

    await page.keyboard.press("Shift+Tab");
    await expect(idButton).toBeFocused();
  });
});

test.describe("creating a category", () => {
  test("works from the list with the keyboard alone, and is announced without taking focus", async ({
    page,
    uniqueName,
  }) => {
    await page.goto("/categories");

    await tabUntilFocused(page, page.getByRole("link", { name: "New category" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/categories\/new$/);
    await expect(page.getByRole("heading", { level: 1, name: "New category" })).toBeVisible();
    await tabUntilFocused(page, nameField(page));
    await page.keyboard.type(uniqueName);
    await page.keyboard.press("Tab");
    await expect(descriptionField(page)).toBeFocused();
    await page.keyboard.type("Typed with the keyboard alone");
    await page.keyboard.press("Tab");
    await expect(createButton(page)).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(descriptionField(page)).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(/\/categories$/);
    const announcement = page.getByRole("status").filter({ hasText: `Created ${uniqueName}` });
    await expect(announcement).toBeVisible();
    await expect(page.getByRole("cell", { name: uniqueName, exact: true })).toBeVisible();
    expect(await announcement.evaluate((region) => region.contains(document.activeElement))).toBe(false);
  });

  // An empty name moves focus to the Name field, described by its error: e2e/create.spec.ts › an empty Name is shown
  // next to the field…. Enter on the focused Create category button submits as a click does, as the test above shows.

  test.describe("when the service refuses", () => {
    test.use({ baseURL: instanceUrl("faulty") });

    test("focus moves to the error", async ({ page }) => {
      await page.goto("/categories/new");

      await tabUntilFocused(page, nameField(page));
      await page.keyboard.type(REJECTED_NAME);
      await tabUntilFocused(page, createButton(page));
      await page.keyboard.press("Enter");

      const alert = alertTitled(page, "The category was not created");
      await expect(alert).toBeFocused();
      await expectFocusRing(alert);
    });
  });
});

// Signing out with the keyboard alone: e2e/auth-pages.spec.ts › Sign out works from the keyboard and leads to sign-in….
