import { randomBytes } from "node:crypto";
import { expectNoAxeViolationsInEitherScheme } from "./support/axe";
import { expect, tabUntilFocused, test } from "./support/fixtures";

// Only the keyboard on the page: Tab, Shift+Tab, Enter and typing.
test("an admin adds a service account and issues a token with the keyboard; the secret shows once, works, and is revoked", async ({
  page,
  playwright,
  baseURL,
  adminRequest,
}) => {
  const account = `bot-${randomBytes(4).toString("hex")}`;
  const script = await playwright.request.newContext({ baseURL });
  try {
    await page.goto("/settings/service-accounts");
    // Each form waits behind its button: opened, its heading has the focus, and Tab reaches its first field.
    await tabUntilFocused(page, page.getByRole("button", { name: "Add a service account" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Add a service account" })).toBeFocused();
    await expect(page.getByLabel("Name", { exact: true })).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Name", { exact: true })).toBeFocused();
    await page.keyboard.type(account);
    await tabUntilFocused(page, page.getByRole("button", { name: "Add service account" }));
    await page.keyboard.press("Enter");

    const section = page.getByRole("region", { name: account });
    await expect(section).toContainText("Viewer.");
    await expect(section).toContainText("No tokens.");
    await expect(page.getByRole("button", { name: "Add a service account" })).toBeFocused();
    await tabUntilFocused(page, section.getByRole("button", { name: "Issue a token" }), 30);
    await page.keyboard.press("Enter");
    await expect(section.getByRole("heading", { name: "Issue a token" })).toBeFocused();
    await expect(section.getByLabel("Token name")).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(section.getByLabel("Token name")).toBeFocused();
    await page.keyboard.type("release pipeline");
    await tabUntilFocused(page, section.getByRole("button", { name: "Issue token" }));
    await page.keyboard.press("Enter");

    const shown = section.getByRole("region", { name: "Copy the token “release pipeline” now" });
    await expect(shown).toBeFocused();
    await expect(shown).toContainText("It will not be shown again.");
    const secret = await shown.getByLabel("The token").inputValue();
    expect(secret).toMatch(/^cat_[A-Za-z0-9_-]{43}$/);
    await expect(section.getByRole("row", { name: /release pipeline/ })).toContainText(`…${secret.slice(-4)}`);
    await expectNoAxeViolationsInEitherScheme(page);

    // A script with nothing but the token reads the list.
    const headers = { authorization: `Bearer ${secret}` };
    expect((await script.get("/api/categories", { headers })).status()).toBe(200);

    await tabUntilFocused(page, shown.getByRole("button", { name: "Done" }));
    await page.keyboard.press("Enter");
    await expect(shown).toBeHidden();
    await expect(section.getByRole("button", { name: "Issue a token" })).toBeFocused();
    expect(await page.content()).not.toContain(secret);

    await tabUntilFocused(page, section.getByRole("button", { name: "Revoke release pipeline" }), 30);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Revoke the token “release pipeline”?" });
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectNoAxeViolationsInEitherScheme(page);
    await page.keyboard.press("Shift+Tab");
    await expect(dialog.getByRole("button", { name: "Revoke" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(section.getByRole("heading", { name: account })).toBeFocused();
    await expect(section).toContainText("No tokens.");
    expect((await script.get("/api/categories", { headers })).status()).toBe(401);
  } finally {
    await script.dispose();
    await adminRequest.delete(`/api/service-accounts/${account}`);
  }
});

test("an admin makes a service account an admin, then removes it, with the keyboard", async ({
  page,
  adminRequest,
}) => {
  const account = `bot-${randomBytes(4).toString("hex")}`;
  expect(
    (await adminRequest.post("/api/service-accounts", { data: { username: account, role: "viewer" } })).status(),
  ).toBe(201);
  try {
    await page.goto("/settings/service-accounts");
    const section = page.getByRole("region", { name: account });
    await expect(section).toContainText("Viewer.");
    await tabUntilFocused(page, section.getByRole("button", { name: "Make admin" }), 40);
    await page.keyboard.press("Enter");
    await expect(section).toContainText("Admin.");
    await expect(section.getByRole("button", { name: "Make viewer" })).toBeVisible();

    await tabUntilFocused(page, section.getByRole("button", { name: "Remove" }), 40);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: `Remove the service account ${account}?` });
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(dialog.getByRole("button", { name: "Remove" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(section).toBeHidden();
    // The account went, so the focus goes to the list rather than to the page.
    await expect(page.getByRole("heading", { name: "Service accounts", level: 2 })).toBeFocused();
    const listed = await adminRequest.get("/api/service-accounts");
    expect(listed.status()).toBe(200);
    expect(await listed.text()).not.toContain(account);
  } finally {
    await adminRequest.delete(`/api/service-accounts/${account}`);
  }
});
