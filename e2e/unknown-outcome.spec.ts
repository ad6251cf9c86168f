import { SLOW_NAME, instanceUrl } from "./support/constants";
import { alertTitled, createButton, expect, fillNewCategory, test } from "./support/fixtures";
import { APPLIED_BUT_SLOW_PREFIX } from "./support/scripted-catalogue";

// The faulty instance gives up after FAULTY_TIMEOUT_MS (1.5 s) and answers 504; the form then looks at the list again.
test.describe("when a create times out", () => {
  test.use({ baseURL: instanceUrl("faulty") });

  test("a category with the same name and description that appeared meanwhile is shown as probably created, with its id", async ({
    page,
    uniqueName,
    listCategories,
  }) => {
    const name = `${APPLIED_BUT_SLOW_PREFIX} ${uniqueName}`;
    await fillNewCategory(page, name, "Stored by the service, never confirmed");

    await createButton(page).click();

    const alert = alertTitled(page, "The category was probably created");
    await expect(alert).toBeVisible();
    const stored = (await listCategories()).filter((category) => category.name === name);
    expect(stored).toHaveLength(1);
    await expect(alert).toContainText(`“${name}” (ID ${stored[0]?.id})`);
    await expect(alert.getByRole("link", { name: "list of categories" })).toBeVisible();
  });

  test("a category that did not appear is reported as outcome unknown, not as probably created", async ({ page }) => {
    await fillNewCategory(page, SLOW_NAME, "Never stored by the service");

    await createButton(page).click();

    await expect(alertTitled(page, "We don't know whether the category was created")).toContainText(
      "may or may not have been created",
    );
    await expect(alertTitled(page, "The category was probably created")).toHaveCount(0);
  });
});
