import { randomBytes } from "node:crypto";
import { expectNoAxeViolationsInEitherScheme } from "./support/axe";
import { instanceUrl } from "./support/constants";
import { dataRows, expect, test } from "./support/fixtures";
import { LONG_LIST_LENGTH, LONG_LIST_REQUEST_ID_PREFIX } from "./support/scripted-catalogue";

// The scripted catalogue answers this page's list calls with LONG_LIST_LENGTH categories (see its request id prefix).
test.use({ baseURL: instanceUrl("faulty") });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({
    "x-request-id": `${LONG_LIST_REQUEST_ID_PREFIX}-${randomBytes(4).toString("hex")}`,
  });
});

test("a long list renders only the rows in view, and still tells screen readers its whole size and each row's place", async ({
  page,
}) => {
  await page.goto("/categories");
  const table = page.getByRole("table");
  await expect(table).toHaveAttribute("aria-rowcount", String(LONG_LIST_LENGTH + 1));
  await expect(
    page.getByRole("status").filter({ hasText: `${LONG_LIST_LENGTH.toLocaleString("en")} categories` }),
  ).toBeVisible();

  // The first 100 rows show at once; the virtualiser, loaded for a long list, then keeps only those in view.
  await expect.poll(() => dataRows(page).count()).toBeLessThan(100);
  expect(await dataRows(page).count()).toBeGreaterThan(5);
  await expect(dataRows(page).first()).toHaveAttribute("aria-rowindex", "2");

  // Scrolled to the end, the last category is in the DOM with its real position.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const last = dataRows(page).filter({ hasText: `Breed ${LONG_LIST_LENGTH}` });
  await expect(last).toBeVisible();
  await expect(last).toHaveAttribute("aria-rowindex", String(LONG_LIST_LENGTH + 1));
  expect(await dataRows(page).count()).toBeLessThan(100);
});

test("searching a long list narrows the count and the rows", async ({ page }) => {
  await page.goto("/categories");
  await page.getByRole("searchbox", { name: "Search" }).fill("breed 49");
  await expect(
    page.getByRole("status").filter({ hasText: `10 of ${LONG_LIST_LENGTH.toLocaleString("en")} categories` }),
  ).toBeVisible();
  await expect(page.getByRole("table")).toHaveAttribute("aria-rowcount", "11");
  await expect(dataRows(page)).toHaveCount(10); // Breed 490 to Breed 499
});

test("a long, virtualised table has no axe violations, in either scheme", async ({ page }) => {
  await page.goto("/categories?sort=name&dir=desc");
  await expect(dataRows(page).first()).toContainText(`Breed ${LONG_LIST_LENGTH}`);
  await expectNoAxeViolationsInEitherScheme(page);
});
