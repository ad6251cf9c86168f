import { randomBytes } from "node:crypto";
import { type APIRequestContext, type Locator, type Page, type Request, test as base, expect } from "@playwright/test";
import { NO_SESSION, signInByApi, storedSessionFile } from "./auth";
import { ACCOUNTS, type Role, instanceAt } from "./constants";

type ListedCategory = { id: number; name: string; description?: string };

type Options = {
  /**
   * Who the page is signed in as (default admin; null: nobody). On the global setup's instances
   * the browser starts with the state the sign-in setup saved for that instance (each has its own
   * sessions, and the browser keeps one cookie per host, not per port). On an instance a spec
   * starts itself, each test signs in through the API before its page opens.
   */
  signedInAs: Role | null;
};

type Fixtures = {
  /** Fails the test if the page opens any dialog (alert, confirm, prompt). */
  noDialogs: void;
  /** Fails the test if the page refused a script or style under the Content Security Policy. */
  noPolicyViolations: void;
  /** A category name no other test uses, so tests can share one catalogue while running in parallel. */
  uniqueName: string;
  /** Every POST /api/categories the page has sent so far. */
  createRequests: Request[];
  /** An API client of the instance under test signed in as the admin, whoever the page is signed in as. */
  adminRequest: APIRequestContext;
  /** Reads GET /api/categories of the instance under test, as a client of the route handler signed in as the admin. */
  listCategories: () => Promise<ListedCategory[]>;
};

export const test = base.extend<Fixtures & Options>({
  signedInAs: ["admin", { option: true }],
  storageState: async ({ signedInAs, baseURL }, provide) => {
    const instance = instanceAt(baseURL);
    await provide(signedInAs && instance ? storedSessionFile(signedInAs, instance) : NO_SESSION);
  },
  context: async ({ context, signedInAs, baseURL }, provide) => {
    if (signedInAs && baseURL && !instanceAt(baseURL))
      await signInByApi(context.request, ACCOUNTS[signedInAs], baseURL);
    await provide(context);
  },
  noDialogs: [
    async ({ page }, provide) => {
      const dialogs: string[] = [];
      page.on("dialog", (dialog) => {
        dialogs.push(`${dialog.type()}: ${dialog.message()}`);
        void dialog.dismiss();
      });
      await provide();
      expect(dialogs, "the page opened a dialog").toEqual([]);
    },
    { auto: true },
  ],
  noPolicyViolations: [
    async ({ page }, provide) => {
      // Chromium reports each script or style the policy refuses on the console.
      const reports: string[] = [];
      page.on("console", (message) => {
        if (message.text().includes("Content Security Policy")) reports.push(message.text());
      });
      await provide();
      expect(reports, "Content Security Policy violations").toEqual([]);
    },
    { auto: true },
  ],
  uniqueName: async ({}, provide) => {
    await provide(`e2e ${randomBytes(5).toString("hex")}`);
  },
  createRequests: async ({ page }, provide) => {
    const sent: Request[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/categories") sent.push(request);
    });
    await provide(sent);
  },
  adminRequest: async ({ playwright, baseURL }, provide) => {
    const instance = instanceAt(baseURL);
    const request = await playwright.request.newContext({
      baseURL,
      storageState: instance ? storedSessionFile("admin", instance) : NO_SESSION,
    });
    if (!instance) await signInByApi(request, ACCOUNTS.admin);
    await provide(request);
    await request.dispose();
  },
  listCategories: async ({ adminRequest }, provide) => {
    await provide(async () => {
      const response = await adminRequest.get("/api/categories");
      expect(response.status()).toBe(200);
      // Ids above 2^53 lose digits here; these helpers only ever look at names.
      return (await response.json()) as ListedCategory[];
    });
  },
});

export { expect };

/** The table's body rows (the header row has column headers, not cells). */
export function dataRows(page: Page): Locator {
  return page.getByRole("row").filter({ has: page.getByRole("cell") });
}

/** The value of one column, row by row, checked with retries until the table stops changing. */
export async function expectColumn(page: Page, column: number, values: readonly string[]): Promise<void> {
  const rows = dataRows(page);
  await expect(rows).toHaveCount(values.length);
  for (const [index, value] of values.entries()) {
    await expect(rows.nth(index).getByRole("cell").nth(column)).toHaveText(value);
  }
}

/** A role="alert" region with the given heading; Next's own route announcer is also an alert, so match by heading. */
export function alertTitled(page: Page, title: string | RegExp): Locator {
  return page.getByRole("alert").filter({ has: page.getByRole("heading", { name: title }) });
}

export function nameField(page: Page): Locator {
  return page.getByLabel("Name", { exact: true });
}

export function descriptionField(page: Page): Locator {
  return page.getByLabel("Description", { exact: true });
}

export function createButton(page: Page): Locator {
  return page.getByRole("button", { name: "Create category" });
}

/** Opens the form and fills it in; the caller decides how to submit. */
export async function fillNewCategory(page: Page, name: string, description?: string): Promise<void> {
  await page.goto("/categories/new");
  // Enabled once the page's scripts run: from then on the form sees each keystroke (draft, duplicate hint, leave
  // guard).
  await expect(createButton(page)).toBeEnabled();
  await nameField(page).fill(name);
  if (description !== undefined) await descriptionField(page).fill(description);
}

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would. */
export async function tabUntilFocused(
  page: Page,
  target: Locator,
  maxPresses = 15,
  key: "Tab" | "Shift+Tab" = "Tab",
): Promise<void> {
  // A button that needs the page's scripts is disabled, and skipped by Tab, until they run.
  await expect(target).toBeEnabled();
  for (let press = 0; press < maxPresses; press++) {
    await page.keyboard.press(key);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}
