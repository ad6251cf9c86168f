import { expectNoAxeViolationsInEitherScheme } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { ACCESS_HELP, type BrowserSsoApps, JWT_PATTERN, SSO_NAME, signInWithSso, startSsoApps } from "./support/sso";

/**
 * What only a browser shows of sign-in through a real OpenID provider (node-oidc-provider) on loopback, to an app
 * with local accounts turned off (AUTH_LOCAL=off): the journeys, the pages and what the page's scripts keep. What the
 * app answers at each step is tested without a browser (tests/integration/sso-*.test.ts). One provider and app for
 * the file, so its tests run one after another in one worker.
 */
test.describe.configure({ mode: "default" });
test.use({ signedInAs: null });

let sso: BrowserSsoApps;
let app: string;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  sso = await startSsoApps({ env: { AUTH_LOCAL: "off" } });
  app = sso.app;
});

test.afterAll(async () => {
  await sso?.stop();
});

test("an admin signs in on the provider's own page, lands on the page asked for, holds no token, and signs out there", async ({
  page,
}) => {
  const responses: string[] = [];
  page.on("response", async (response) => {
    if (new URL(response.url()).origin === app) responses.push(await response.text().catch(() => ""));
  });
  await signInWithSso(page, app, "admin", "/categories/new");

  await expect(page).toHaveURL(`${app}/categories/new`);
  await expect(page.getByRole("banner")).toContainText(`Signed in as Ada Admin (Admin) with ${SSO_NAME}`);
  await expect(page.getByLabel("Name", { exact: true })).toBeVisible();
  const session = await page.request.get(`${app}/api/auth/session`);
  expect(await session.json()).toEqual({ username: "ada.admin", role: "admin", method: "sso", name: "Ada Admin" });

  // No storage, page or response the browser loaded from the app holds a token.
  await page.goto(`${app}/categories`);
  await expect(page.getByRole("cell", { name: "dog", exact: true })).toBeVisible();
  const storage = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  expect(storage).not.toMatch(JWT_PATTERN);
  expect(await page.content()).not.toMatch(JWT_PATTERN);
  expect(responses.length).toBeGreaterThan(2);
  expect(responses.filter((text) => JWT_PATTERN.test(text))).toEqual([]);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: /Do you want to sign-out/ })).toBeVisible();
  await page.getByRole("button", { name: "Yes, sign me out" }).click();

  // /login sends anyone with a session on to the list: landing there means signed out.
  await expect(page).toHaveURL(`${app}/login`);
});

test("the sign-in page offers the provider and no password form; it, the failure and no-access pages pass axe; a viewer signs in, sees the list with no way to create, and the header passes axe", async ({
  page,
}) => {
  await page.goto(`${app}/login`);
  await expect(page.getByRole("link", { name: `Sign in with ${SSO_NAME}` })).toBeVisible();
  await expect(page.getByLabel("Password", { exact: true })).toHaveCount(0);
  await expectNoAxeViolationsInEitherScheme(page);
  await page.goto(`${app}/login/failed?reason=state&ref=e2e-axe`);
  await expectNoAxeViolationsInEitherScheme(page);
  await page.goto(`${app}/login/no-access`);
  await expect(page.getByText(ACCESS_HELP)).toBeVisible();
  await expectNoAxeViolationsInEitherScheme(page);
  await signInWithSso(page, app, "viewer");
  await expect(page).toHaveURL(`${app}/categories`);
  await expect(page.getByRole("banner")).toContainText(`Signed in as Vic Viewer (Viewer) with ${SSO_NAME}`);
  await expect(page.getByRole("cell", { name: "dog", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "New category" })).toHaveCount(0);
  await expectNoAxeViolationsInEitherScheme(page);
});
