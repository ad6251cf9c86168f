import type { Page } from "@playwright/test";
import { signInButton, usernameField } from "./support/auth";
import { nonceOf } from "./support/content-security-policy";
import { createButton, expect, nameField, test } from "./support/fixtures";

test("the CSP nonce is new on every load", async ({ request }) => {
  const first = nonceOf(await request.get("/categories"));
  const second = nonceOf(await request.get("/categories"));

  expect(second).not.toBe(first);
});

test("every script in a page's HTML carries that response's nonce", async ({ request }) => {
  const response = await request.get("/categories");
  const nonce = nonceOf(response);

  const scriptTags = (await response.text()).match(/<script\b[^>]*>/g) ?? [];

  expect(scriptTags.length).toBeGreaterThan(0);
  expect(scriptTags.filter((tag) => !tag.includes(`nonce="${nonce}"`))).toEqual([]);
});

/** Console messages about the Content Security Policy (Chromium reports every refused script or style there). */
function cspReports(page: Page): string[] {
  const reports: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) reports.push(message.text());
  });
  return reports;
}

test.describe("no Content Security Policy violation while the pages work", () => {
  test("/categories: the list loads and the search box filters", async ({ page }) => {
    const reports = cspReports(page);
    await page.goto("/categories");

    await page.getByRole("searchbox", { name: "Search" }).fill("rabbit");

    await expect(page.getByRole("status").filter({ hasText: /^1 of [\d,]+ categories$/ })).toBeVisible();
    expect(reports).toEqual([]);
  });

  test("/categories/new: the form checks the name in the browser", async ({ page }) => {
    const reports = cspReports(page);
    await page.goto("/categories/new");

    await createButton(page).click();

    await expect(nameField(page)).toHaveAccessibleDescription(/Enter a name/);
    expect(reports).toEqual([]);
  });

  test.describe("signed out", () => {
    test.use({ signedInAs: null });

    test("/login: the form checks its fields in the browser", async ({ page }) => {
      const reports = cspReports(page);
      await page.goto("/login");

      await signInButton(page).click();

      await expect(usernameField(page)).toHaveAccessibleDescription(/Enter your username/);
      expect(reports).toEqual([]);
    });
  });
});
