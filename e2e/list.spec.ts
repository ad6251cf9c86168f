import { expectNoAxeViolationsInEitherScheme } from "./support/axe";
import { BIG_ID, SEEDED_CATEGORIES, SEEDED_SEARCH } from "./support/constants";
import { dataRows, expect, expectColumn, test } from "./support/fixtures";
import { holdScripts } from "./support/held-scripts";

const idsAscending = ["1", "2", "3", "12", BIG_ID];
const namesAscending = ["big id probe", "cat", "dog", "ferret", "rabbit"];

test("/ leads to the list of categories", async ({ page }) => {
  await page.goto("/");

  await expect(page).toHaveURL(/\/categories$/);
  await expect(page.getByRole("heading", { level: 1, name: "Categories" })).toBeVisible();
});

test("the list shows the catalogue's categories under ID, Name and Description", async ({ page }) => {
  await page.goto("/categories");

  for (const header of ["ID", "Name", "Description"]) {
    await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  }
  for (const { name, description } of SEEDED_CATEGORIES) {
    const row = dataRows(page).filter({ has: page.getByRole("cell", { name, exact: true }) });
    await expect(row.getByRole("cell", { name: description, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("status").filter({ hasText: /^[\d,]+ categories$/ })).toBeVisible();
  await expectNoAxeViolationsInEitherScheme(page);
});

test("a search typed before the page's scripts have run filters the list once they have", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto("/categories", { waitUntil: "domcontentloaded" });
  await page.getByRole("searchbox", { name: "Search" }).fill("rabb");
  await scripts.release();

  await expect(page.getByRole("status").filter({ hasText: /^1 of [\d,]+ categories$/ })).toBeVisible();
  await expect(page.getByRole("cell", { name: "dog", exact: true })).toBeHidden();
  await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("rabb");
  await expect(page).toHaveURL(/[?&]q=rabb(&|$)/);
});

test("search filters by description as you type", async ({ page }) => {
  await page.goto("/categories");
  await expect(page.getByRole("cell", { name: "dog", exact: true })).toBeVisible();

  await page.getByRole("searchbox", { name: "Search" }).pressSequentially("FERRETS");

  await expect(page.getByRole("status").filter({ hasText: /^1 of [\d,]+ categories$/ })).toBeVisible();
  await expect(dataRows(page)).toHaveCount(1);
  await expect(page.getByRole("cell", { name: "ferret", exact: true })).toBeVisible();
});

test.describe("sorting the seeded categories", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/categories");
    await page.getByRole("searchbox", { name: "Search" }).fill(SEEDED_SEARCH);
  });

  test("the list starts sorted by ID ascending, as numbers, and sorting by ID again puts the largest id first", async ({
    page,
  }) => {
    await expect(page.getByRole("columnheader", { name: "ID", exact: true })).toHaveAttribute("aria-sort", "ascending");
    await expectColumn(page, 0, idsAscending);

    await page.getByRole("button", { name: "ID", exact: true }).click();

    await expect(page.getByRole("columnheader", { name: "ID", exact: true })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    await expectColumn(page, 0, [...idsAscending].reverse());
  });

  test("sorting by Name orders the rows by name, and sorting by it again reverses the order", async ({ page }) => {
    await page.getByRole("button", { name: "Name", exact: true }).click();

    await expect(page.getByRole("columnheader", { name: "Name", exact: true })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    await expect(page.getByRole("columnheader", { name: "ID", exact: true })).toHaveAttribute("aria-sort", "none");
    await expectColumn(page, 1, namesAscending);

    await page.getByRole("button", { name: "Name", exact: true }).click();

    await expect(page.getByRole("columnheader", { name: "Name", exact: true })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    await expectColumn(page, 1, [...namesAscending].reverse());
  });
});

// Searching by name as you type, and a sort button pressed from the keyboard: e2e/keyboard.spec.ts › the list. The
// New category link: e2e/keyboard.spec.ts › creating a category › works from the list with the keyboard alone….
// An id above 2^53 shown digit for digit: the ID sort above, where the browser has rendered the rows itself.
// The list's JSON, exact ids above 2^53 and gzip for a client that takes it: tests/integration/list-read.test.ts.

test("the first rows are in the page's HTML, so a normal-size list shows without a loading state", async ({ page }) => {
  const response = await page.request.get("/categories");
  const html = await response.text();
  expect(html).toContain(">9007199254740993<");
  expect(html).not.toContain("Loading categories");
});
