import { expect, test as setup } from "@playwright/test";
import { signInWithForm, storedSessionFile } from "./support/auth";
import { ACCOUNTS, type Role } from "./support/constants";

// Each role signs in through the UI of the main instance once; the specs start from the saved state.
for (const role of Object.keys(ACCOUNTS) as Role[]) {
  setup(`sign in as the ${role} through the UI`, async ({ page }) => {
    const account = ACCOUNTS[role];
    await page.goto("/login");

    await signInWithForm(page, account);

    await expect(page).toHaveURL(/\/categories$/);
    await expect(page.getByRole("banner")).toContainText(`Signed in as ${account.username}`);
    await page.context().storageState({ path: storedSessionFile(role) });
  });
}
