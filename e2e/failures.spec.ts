import { REJECTED_MESSAGE, REJECTED_NAME, SLOW_NAME, instanceUrl } from "./support/constants";
import {
  alertTitled,
  createButton,
  descriptionField,
  expect,
  fillNewCategory,
  nameField,
  test,
} from "./support/fixtures";

test.describe("when the catalogue service rejects or does not answer", () => {
  test.use({ baseURL: instanceUrl("faulty") });

  test("the service's message is shown and the typed values are kept", async ({ page }) => {
    await fillNewCategory(page, REJECTED_NAME, "Typed before the rejection");

    await createButton(page).click();

    await expect(alertTitled(page, "The category was not created")).toContainText(REJECTED_MESSAGE);
    await expect(nameField(page)).toHaveValue(REJECTED_NAME);
    await expect(descriptionField(page)).toHaveValue("Typed before the rejection");
    await expect(page).toHaveURL(/\/categories\/new$/);
  });

  test("after a timeout the form says the outcome is unknown and to check the list", async ({ page }) => {
    await fillNewCategory(page, SLOW_NAME, "The service never answers this one");

    await createButton(page).click();

    const alert = alertTitled(page, "We don't know whether the category was created");
    await expect(alert).toContainText("may or may not have been created");
    await expect(alert.getByRole("link", { name: "list of categories" })).toBeVisible();
    await expect(nameField(page)).toHaveValue(SLOW_NAME);
  });
});

test.describe("when the catalogue service is down", () => {
  test.use({ baseURL: instanceUrl("down") });

  test("the list says so in plain words and offers Try again", async ({ page }) => {
    await page.goto("/categories");

    const alert = alertTitled(page, "Couldn't load the categories");
    await expect(alert).toContainText("The catalogue service can't be reached right now.");
    await expect(alert.getByRole("button", { name: "Try again" })).toBeVisible();
  });

  test("Try again asks for the list again", async ({ page }) => {
    await page.goto("/categories");
    const tryAgain = alertTitled(page, "Couldn't load the categories").getByRole("button", { name: "Try again" });
    await expect(tryAgain).toBeVisible();

    const retried = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/categories");
    await tryAgain.click();

    expect((await retried).status()).toBe(502);
    await expect(alertTitled(page, "Couldn't load the categories")).toBeVisible();
  });

  test("creating says the category was not created and keeps the typed values", async ({ page, uniqueName }) => {
    await fillNewCategory(page, uniqueName, "Typed while the service is down");

    await createButton(page).click();

    await expect(alertTitled(page, "The category was not created")).toContainText(
      "The catalogue service can't be reached right now.",
    );
    await expect(nameField(page)).toHaveValue(uniqueName);
    await expect(descriptionField(page)).toHaveValue("Typed while the service is down");
  });
});
