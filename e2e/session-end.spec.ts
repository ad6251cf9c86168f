import { randomBytes } from "node:crypto";
import type { Page, PlaywrightWorkerArgs } from "@playwright/test";
import { removeUser } from "../lib/node/user-store.mjs";
import { addAccount } from "../tests/support/auth-fixture";
import { databaseAt } from "../tests/support/test-database";
import { loginUrlFor, signInByApi, signInWithForm } from "./support/auth";
import { type Account, ENV, setupValue } from "./support/constants";
import { createButton, descriptionField, expect, fillNewCategory, nameField, test as base } from "./support/fixtures";

const test = base.extend<{ db: ReturnType<typeof databaseAt>; throwawayAdmin: Account }>({
  /** The database every instance shares. */
  db: async ({}, provide) => {
    const db = databaseAt(setupValue(ENV.databaseUrl));
    await provide(db);
    await db.end();
  },
  /** An admin of their own, for one test: ending their session never touches the sessions the other tests use. */
  throwawayAdmin: async ({ db }, provide) => {
    const account = {
      username: `e2e-temp-${randomBytes(5).toString("hex")}`,
      password: randomBytes(16).toString("hex"),
    };
    await addAccount({ ...account, role: "admin" }, db);
    await provide(account);
    await removeUser(db, account.username);
  },
});
test.use({ signedInAs: null });

test.beforeEach(async ({ page, throwawayAdmin }) => {
  await signInByApi(page.request, throwawayAdmin);
});

/** Signs out elsewhere with a copy of the page's cookie: the session is revoked on the server, the page keeps its cookie. */
async function endSessionElsewhere(
  page: Page,
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string | undefined,
) {
  const elsewhere = await playwright.request.newContext({ baseURL, storageState: await page.context().storageState() });
  expect((await elsewhere.post("/api/auth/logout")).status()).toBe(204);
  await elsewhere.dispose();
}

test("when the session ends mid-work, Create category leads to sign-in and the typed values are still there after it", async ({
  page,
  playwright,
  baseURL,
  throwawayAdmin,
  uniqueName,
}) => {
  await fillNewCategory(page, uniqueName, "Typed before the session ended");
  await endSessionElsewhere(page, playwright, baseURL);

  await createButton(page).click();

  await expect(page).toHaveURL(loginUrlFor("/categories/new"));
  await signInWithForm(page, throwawayAdmin);
  await expect(page).toHaveURL(/\/categories\/new$/);
  await expect(nameField(page)).toHaveValue(uniqueName);
  await expect(descriptionField(page)).toHaveValue("Typed before the session ended");
});

test("following a link after the session ended leads to sign-in", async ({
  page,
  playwright,
  baseURL,
  throwawayAdmin,
}) => {
  await page.goto("/categories");
  await expect(page.getByRole("banner")).toContainText(`Signed in as ${throwawayAdmin.username}`);
  await endSessionElsewhere(page, playwright, baseURL);

  await page.getByRole("link", { name: "New category" }).click();

  await expect(page).toHaveURL(loginUrlFor("/categories/new"));
});
