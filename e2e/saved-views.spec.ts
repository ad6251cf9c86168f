import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { storedSessionFile } from "./support/auth";
import { expectNoAxeViolationsInEitherScheme } from "./support/axe";
import { ACCOUNTS, SEEDED_CATEGORIES, SEEDED_SEARCH } from "./support/constants";
import { expect, expectColumn, tabUntilFocused, test } from "./support/fixtures";

const viewsButton = (page: Page) => page.getByRole("button", { name: /^Views/ });
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search" });
const savedViews = (page: Page) => page.getByRole("list", { name: "Saved views" });
const byName = [...SEEDED_CATEGORIES.map((category) => category.name)].sort().reverse();

/** The admin's views named `name` on the list, deleted whatever the test left them as. */
async function deleteViews(request: APIRequestContext, name: string): Promise<void> {
  const response = await request.get("/api/views?page=categories");
  const views = (await response.json()) as { id: string; name: string; mine: boolean }[];
  for (const view of views.filter((each) => each.name === name && each.mine))
    expect((await request.delete(`/api/views/${view.id}`)).status()).toBe(204);
}

/** Shift+Tab until `target` has the focus, as a keyboard user would go back. */
async function shiftTabUntilFocused(page: Page, target: Locator, maxPresses = 15): Promise<void> {
  for (let press = 0; press < maxPresses; press++) {
    await page.keyboard.press("Shift+Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Shift+Tab never reached ${target}`);
}

test("an admin saves and shares a view of the list; a viewer opens it from the menu and sees the same rows", async ({
  page,
  browser,
  baseURL,
  uniqueName,
  adminRequest,
}) => {
  try {
    await page.goto(`/categories?q=${SEEDED_SEARCH}&sort=name&dir=desc`);
    await expectColumn(page, 1, byName);
    await viewsButton(page).click();
    await page.getByRole("button", { name: "Save view…" }).click();
    const dialog = page.getByRole("dialog", { name: "Save view" });
    await dialog.getByLabel("Name").fill(uniqueName);
    await dialog.getByLabel("Share with everyone").check();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    // The page now names the view it shows, so its address opens the view for whoever it is passed to.
    await expect(page).toHaveURL(/[?&]view=[^&]+/);

    const viewerContext = await browser.newContext({ baseURL, storageState: storedSessionFile("viewer") });
    try {
      const viewer = await viewerContext.newPage();
      await viewer.goto("/categories");
      await viewsButton(viewer).click();
      const item = savedViews(viewer).getByRole("listitem").filter({ hasText: uniqueName });
      await expect(item).toContainText(`Shared by ${ACCOUNTS.admin.username}`);
      await item.getByRole("link", { name: uniqueName }).click();

      await expect(viewer).toHaveURL(/[?&]view=[^&]+/);
      await expect(searchBox(viewer)).toHaveValue(SEEDED_SEARCH);
      await expectColumn(viewer, 1, byName);
      // Someone else's view: the viewer may open it, and save it as their own, but not change or delete it.
      await viewsButton(viewer).click();
      await expect(item.getByRole("button")).toHaveCount(0);
    } finally {
      await viewerContext.close();
    }
  } finally {
    await deleteViews(adminRequest, uniqueName);
  }
});

test("keyboard alone saves a view, sees it change, updates it and deletes it; axe passes on the menu and dialogs", async ({
  page,
  uniqueName,
  adminRequest,
}) => {
  try {
    await page.goto(`/categories?q=${SEEDED_SEARCH}`);
    await tabUntilFocused(page, viewsButton(page));
    await page.keyboard.press("Enter");
    const saveButton = page.getByRole("button", { name: "Save view…" });
    await expect(saveButton).toBeVisible();
    await expectNoAxeViolationsInEitherScheme(page);

    await tabUntilFocused(page, saveButton);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Save view" });
    await expect(dialog.getByLabel("Name")).toBeFocused();
    await page.keyboard.press("Enter");
    // An empty name is refused by the field, and the field keeps the focus.
    await expect(dialog.getByLabel("Name")).toHaveAccessibleDescription(/Give the view a name/);
    await expectNoAxeViolationsInEitherScheme(page);
    await page.keyboard.type(uniqueName);
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(viewsButton(page)).toBeFocused();
    await expect(page).toHaveURL(/[?&]view=[^&]+/);

    // A sort changes what the page shows: the menu says so, and offers to update the view.
    await tabUntilFocused(page, page.getByRole("columnheader", { name: "Name" }).getByRole("button"), 30);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/sort=name/);
    await expect(page).toHaveURL(/[?&]view=[^&]+/);
    await expect(viewsButton(page)).toContainText("Changed");
    await shiftTabUntilFocused(page, viewsButton(page), 30);
    await page.keyboard.press("Enter");
    const update = page.getByRole("button", { name: `Update “${uniqueName}”` });
    await tabUntilFocused(page, update);
    await page.keyboard.press("Enter");
    await expect(viewsButton(page)).not.toContainText("Changed");
    await expect(viewsButton(page)).toBeFocused();
    await expect(viewsButton(page)).toHaveAttribute("aria-expanded", "false");

    // Escape closes the menu and leaves the focus on its button.
    await page.keyboard.press("Enter");
    await page.keyboard.press("Escape");
    await expect(viewsButton(page)).toBeFocused();
    await expect(viewsButton(page)).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Enter");
    await tabUntilFocused(page, page.getByRole("button", { name: `Delete ${uniqueName}` }));
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("dialog", { name: `Delete the view “${uniqueName}”?` });
    // Nothing brings a view back: the focus starts on Cancel.
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(confirm.getByRole("button", { name: "Delete" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(confirm).toBeHidden();
    await expect(page).not.toHaveURL(/[?&]view=/);
    await page.keyboard.press("Enter");
    await expect(savedViews(page).getByRole("link", { name: uniqueName })).toHaveCount(0);
  } finally {
    await deleteViews(adminRequest, uniqueName);
  }
});
