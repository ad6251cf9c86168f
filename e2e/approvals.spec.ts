import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { freePort } from "../scripts/lib/ports.mjs";
import { addAccount } from "../tests/support/auth-fixture";
import { databaseAt } from "../tests/support/test-database";
import { signedInState } from "./support/auth";
import { startAppInstance } from "./support/app-instance";
import { expectNoAxeViolationsInEitherScheme } from "./support/axe";
import { ACCOUNTS, type Account } from "./support/constants";
import { createButton, expect, fillNewCategory, test as base } from "./support/fixtures";
import { newRunDatabase } from "./support/run-database";

/** The second admin, who approves what the run's admin asks for. Known only to this spec's database. */
const APPROVER: Account = { username: "e2e-approver", password: "e2e-approver-password-5c2e81a7d9f3" };

type TwoAdmins = { requester: Page; approver: Page };

// An instance of its own, with approval required for its only environment, and a database of its own: on the shared
// one, the run's other creates would be requests too.
const test = base.extend<{ admins: TwoAdmins }, { approvalsApp: { url: string } }>({
  approvalsApp: [
    async ({}, provide) => {
      const dir = await mkdtemp(join(tmpdir(), "categories-e2e-approvals-"));
      const database = await newRunDatabase();
      const db = databaseAt(database.url);
      await addAccount({ ...APPROVER, role: "admin" }, db);
      await db.end();
      const app = await startAppInstance({
        port: await freePort(),
        logFile: join(dir, "approvals.log"),
        env: { DATABASE_URL: database.url, APPROVAL_REQUIRED_FOR: "production" },
      });
      await provide({ url: app.url });
      await app.stop();
      await database.stop();
      await rm(dir, { recursive: true, force: true });
    },
    { scope: "worker" },
  ],
  baseURL: async ({ approvalsApp }, provide) => provide(approvalsApp.url),
  // Two browsers, one per admin, each signed in through the API.
  admins: async ({ browser, playwright, approvalsApp }, provide) => {
    const open = async (account: Account) => {
      const storageState = await signedInState(playwright, approvalsApp.url, account);
      return browser.newContext({ baseURL: approvalsApp.url, storageState });
    };
    const [requester, approver] = await Promise.all([open(ACCOUNTS.admin), open(APPROVER)]);
    await provide({ requester: await requester.newPage(), approver: await approver.newPage() });
    await Promise.all([requester.close(), approver.close()]);
  },
});

// The default page is not used: nobody is signed in on it.
test.use({ signedInAs: null });

test("one admin's create waits for another admin's approval, then runs", async ({ admins, uniqueName }) => {
  const { requester, approver } = admins;

  await fillNewCategory(requester, uniqueName, "Asked for by one, approved by another");
  await createButton(requester).click();
  // The notice takes the focus, as an alert does.
  await expect(requester.locator(":focus")).toContainText("Waiting for approval");
  const link = requester.getByRole("link", { name: "View the request" });
  await expect(link).toHaveAttribute("href", /^\/requests\/[^/]+$/);
  await expect(requester.getByRole("status").filter({ hasText: /^Created/ })).toHaveCount(0);
  // The requester may only withdraw their own request.
  await link.click();
  await expect(requester.getByRole("button", { name: "Withdraw" })).toBeEnabled();
  await expect(requester.getByRole("button", { name: /^Approve/ })).toHaveCount(0);

  await approver.goto("/categories");
  await approver.getByRole("banner").getByRole("link", { name: "Requests (1)" }).click();
  const row = approver.getByRole("row").filter({ hasText: uniqueName });
  await expect(row.getByRole("cell").nth(3)).toHaveText(ACCOUNTS.admin.username);
  await expect(approver.getByRole("link", { name: "Pending" })).toHaveAttribute("aria-current", "page");
  await expectNoAxeViolationsInEitherScheme(approver);

  await row.getByRole("link", { name: `Create “${uniqueName}”` }).click();
  await expect(approver.getByRole("heading", { name: "Waiting for approval" })).toBeVisible();
  await expect(approver.getByRole("button", { name: "Approve…" })).toBeEnabled();
  await expectNoAxeViolationsInEitherScheme(approver);

  await approver.getByLabel("Comment").fill("Looks right");
  await approver.getByRole("button", { name: "Approve…" }).click();
  const dialog = approver.getByRole("dialog", { name: "Add 1 category to production?" });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await dialog.getByRole("button", { name: "Approve", exact: true }).click();

  await expect(approver.getByRole("heading", { name: "Approved", exact: true })).toBeFocused();
  const result = approver.getByRole("region", { name: "Result" });
  await expect(result).toContainText(`Created ${uniqueName} (ID `);
  await expect(approver.getByText("Looks right")).toBeVisible();

  // History names both people, and its entry for the decision leads back to the request.
  const requestPath = new URL(approver.url()).pathname;
  await approver.goto("/history");
  const approved = approver.getByRole("row").filter({ hasText: "Request approved" });
  await expect(approved.getByRole("link")).toHaveAttribute("href", requestPath);
});
