import { expectNoAxeViolationsInEitherScheme } from "./support/axe";
import { createButton, dataRows, descriptionField, expect, fillNewCategory, nameField, test } from "./support/fixtures";

test("creating a category goes back to the list, shows the new row highlighted and in view, and announces it", async ({
  page,
  uniqueName,
}) => {
  // The highlight's timer runs on the page's clock, so the test can skip its seconds instead of waiting them out.
  await page.clock.install();
  await fillNewCategory(page, uniqueName, "Made by the create test");

  await createButton(page).click();

  await expect(page).toHaveURL(/\/categories$/);
  const row = dataRows(page).filter({ has: page.getByRole("cell", { name: uniqueName, exact: true }) });
  await expect(row.getByRole("cell", { name: "Made by the create test", exact: true })).toBeVisible();
  await expect(row).toHaveClass(/row-highlight/);
  await expect(row).toBeInViewport();
  await expect(page.getByRole("status").filter({ hasText: `Created ${uniqueName}` })).toHaveText(
    new RegExp(`^Created ${uniqueName} \\(ID \\d+\\)$`),
  );
  await expectNoAxeViolationsInEitherScheme(page);

  // Brief: the highlight goes after a few seconds (HIGHLIGHT_MS in components/categories/category-list.tsx), and a reload never
  // brings it back. The reload reads the list afresh from the catalogue service, so the row it shows is one it kept.
  await page.clock.fastForward(4_000);
  await expect(row).not.toHaveClass(/row-highlight/);
  await page.reload();
  await expect(row.getByRole("cell", { name: "Made by the create test", exact: true })).toBeVisible();
  await expect(page.locator(".row-highlight")).toHaveCount(0);
});

test("a category created without a description is kept without one, and after the create only the list page's server render reads the list: the browser does not read it again", async ({
  page,
  uniqueName,
  listCategories,
}) => {
  await fillNewCategory(page, uniqueName);
  const reads: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "GET" && new URL(request.url()).pathname === "/api/categories") reads.push(request.url());
  });

  await createButton(page).click();

  await expect(page).toHaveURL(/\/categories$/);
  await expect(page.getByRole("cell", { name: uniqueName, exact: true })).toBeVisible();
  // Until no request has been under way for half a second: a read the page would make has been made by then.
  await page.waitForLoadState("networkidle");
  expect(reads).toEqual([]);
  const created = (await listCategories()).find((category) => category.name === uniqueName);
  expect(created).toBeDefined();
  expect(created).not.toHaveProperty("description");
});

test("a double click on Create category creates exactly one category", async ({
  page,
  uniqueName,
  createRequests,
  listCategories,
}) => {
  await fillNewCategory(page, uniqueName);

  await createButton(page).dblclick();

  await expect(page.getByRole("cell", { name: uniqueName, exact: true })).toHaveCount(1);
  expect(createRequests).toHaveLength(1);
  expect((await listCategories()).filter((category) => category.name === uniqueName)).toHaveLength(1);
});

test("an empty Name is shown next to the field, focused, and nothing is sent", async ({ page, createRequests }) => {
  await fillNewCategory(page, "", "A description without a name");

  await createButton(page).click();

  const name = nameField(page);
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAccessibleDescription(/Enter a name/);
  await expect(page.getByText("Enter a name")).toBeVisible();
  await expect(descriptionField(page)).toHaveValue("A description without a name");
  expect(createRequests).toHaveLength(0);
  await expectNoAxeViolationsInEitherScheme(page);
});

test("a name that looks like HTML is shown as text and never run", async ({ page, uniqueName }) => {
  const name = `<img src=x onerror=alert(1)> ${uniqueName}`;
  await fillNewCategory(page, name, "<b>not bold</b>");

  await createButton(page).click();

  const row = dataRows(page).filter({ has: page.getByRole("cell", { name, exact: true }) });
  await expect(row.getByRole("cell").nth(1)).toHaveText(name);
  await expect(row.getByRole("cell").nth(2)).toHaveText("<b>not bold</b>");
  await expect(page.getByRole("img")).toHaveCount(0);
});

// Filled in and sent with the keyboard alone: e2e/keyboard.spec.ts › creating a category › works from the list with the
// keyboard alone….
