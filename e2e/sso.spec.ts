import { type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import {
  ACCESS_HELP,
  JWT_PATTERN,
  SSO_NAME,
  type SsoApps,
  appLogLines,
  auditEntries,
  captureCallback,
  goToProvider,
  sessionCookieOf,
  signInAtProvider,
  signInWithSso,
  startSsoApps,
} from "./support/sso";

/**
 * Sign-in through a real OpenID provider (node-oidc-provider) on loopback, to an app with local accounts turned off
 * (AUTH_LOCAL=off). One provider and app for the file, so its tests run one after another in one worker.
 */
test.describe.configure({ mode: "default" });
test.use({ signedInAs: null });

let sso: SsoApps;
let app: string;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  sso = await startSsoApps({ env: { AUTH_LOCAL: "off" } });
  app = sso.apps[0]?.url ?? "";
});

test.afterAll(async () => {
  await sso?.stop();
});

const sessionStatus = async (page: Page) => (await page.request.get(`${app}/api/auth/session`)).status();

/** The failure page's reference, which is the callback's request id. */
function referenceOf(page: Page): string {
  return new URL(page.url()).searchParams.get("ref") ?? "";
}

async function expectSecurityLine(requestId: string, fields: Record<string, unknown>): Promise<void> {
  const lines = await appLogLines(sso.logDir);
  expect(lines.find((line) => line.type === "security" && line.requestId === requestId)).toMatchObject(fields);
}

test.describe("signing in through the provider", () => {
  test("an admin signs in on the provider's own page, lands on the page asked for, and the header names them", async ({ page }) => {
    await signInWithSso(page, app, "admin", "/categories/new");

    await expect(page).toHaveURL(`${app}/categories/new`);
    await expect(page.getByRole("banner")).toContainText(`Signed in as Ada Admin (Admin) with ${SSO_NAME}`);
    await expect(page.getByLabel("Name", { exact: true })).toBeVisible();
    const session = await page.request.get(`${app}/api/auth/session`);
    expect(await session.json()).toEqual({ username: "ada.admin", role: "admin", method: "sso", name: "Ada Admin" });
  });

  test("a viewer signs in and may only read", async ({ page }) => {
    await signInWithSso(page, app, "viewer");

    await expect(page).toHaveURL(`${app}/categories`);
    await expect(page.getByRole("banner")).toContainText(`Signed in as Vic Viewer (Viewer) with ${SSO_NAME}`);
    await expect(page.getByRole("cell", { name: "dog", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Create category" })).toHaveCount(0);
    expect((await page.request.post(`${app}/api/categories`, { data: { name: "viewer may not" } })).status()).toBe(403);
  });

  test("the sign-in is audited and logged with the method, and never with a token", async ({ page }) => {
    await signInWithSso(page, app, "admin");
    await expect(page).toHaveURL(`${app}/categories`);

    const lines = await appLogLines(sso.logDir);
    const signedIn = lines.filter((line) => line.event === "login_succeeded" && line.username === "ada.admin");
    expect(signedIn.at(-1)).toMatchObject({ type: "security", method: "sso", role: "admin" });
    const audit = await auditEntries(String(signedIn.at(-1)?.requestId));
    expect(audit).toEqual([expect.objectContaining({ action: "signed_in", actor: "ada.admin", details: expect.objectContaining({ method: "sso", role: "admin" }) })]);
    expect(lines.filter((line) => JWT_PATTERN.test(JSON.stringify(line)))).toEqual([]);
  });

  test("someone in none of the groups gets the no-access page, whom to ask, and no session", async ({ page }) => {
    await signInWithSso(page, app, "nobody");

    await expect(page).toHaveURL(`${app}/login/no-access`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You have no access to this app");
    await expect(page.getByText(ACCESS_HELP)).toBeVisible();
    expect(await sessionCookieOf(page.context())).toBeUndefined();
    expect(await sessionStatus(page)).toBe(401);
    await page.goto(`${app}/categories`);
    await expect(page).toHaveURL(new RegExp(`^${app}/login\\?next=`));
  });

  test("with AUTH_LOCAL=off the sign-in page has no password form, and the password route answers 404", async ({ page }) => {
    await page.goto(`${app}/login`);

    await expect(page.getByRole("link", { name: `Sign in with ${SSO_NAME}` })).toBeVisible();
    await expect(page.getByLabel("Password", { exact: true })).toHaveCount(0);
    const response = await page.request.post(`${app}/api/auth/login`, { data: { username: "e2e-admin", password: "whatever-it-is" } });
    expect(response.status()).toBe(404);
  });
});

test.describe("a sign-in that fails ends on a page that says why, with no session", () => {
  test("a state that is not the one this browser sent", async ({ page }) => {
    const { url } = await captureCallback(page, app, "admin");
    const altered = new URL(url);
    altered.searchParams.set("state", "a-state-this-browser-never-sent");

    await page.goto(altered.href);

    await expect(page).toHaveURL(new RegExp(`^${app}/login/failed\\?reason=state`));
    await expect(page.getByText(`The answer from ${SSO_NAME} does not belong to the sign-in this browser started`)).toBeVisible();
    expect(await sessionCookieOf(page.context())).toBeUndefined();
    await expectSecurityLine(referenceOf(page), { event: "sso_sign_in_failed", reason: "state" });
    expect(await auditEntries(referenceOf(page))).toEqual([expect.objectContaining({ action: "sso_sign_in_failed", details: expect.objectContaining({ reason: "state" }) })]);
  });

  test("a code used a second time, even with the flow cookie it came with", async ({ page, browser }) => {
    const { url, flowCookie } = await captureCallback(page, app, "admin");
    await page.goto(url);
    await expect(page).toHaveURL(`${app}/categories`);

    const replay = await browser.newContext();
    await replay.addCookies([flowCookie]);
    const replayPage = await replay.newPage();
    await replayPage.goto(url);

    await expect(replayPage).toHaveURL(new RegExp(`^${app}/login/failed\\?reason=rejected`));
    await expect(replayPage.getByText(`The answer from ${SSO_NAME} could not be verified`)).toBeVisible();
    expect(await sessionCookieOf(replay)).toBeUndefined();
    await expectSecurityLine(referenceOf(replayPage), { event: "sso_sign_in_failed", reason: "rejected", detail: expect.stringContaining("invalid_grant") });
    await replay.close();
  });

  test("the person cancels at the provider", async ({ page }) => {
    await goToProvider(page, app);
    await page.getByRole("link", { name: "[ Cancel ]" }).click();

    await expect(page).toHaveURL(new RegExp(`^${app}/login/failed\\?reason=denied`));
    await expect(page.getByText(`${SSO_NAME} did not sign you in.`)).toBeVisible();
    expect(await sessionCookieOf(page.context())).toBeUndefined();
    await expectSecurityLine(referenceOf(page), { event: "sso_sign_in_failed", reason: "denied", detail: "access_denied" });
  });

  test("an answer that reaches a browser that started no sign-in", async ({ page, browser }) => {
    const { url } = await captureCallback(page, app, "admin");
    const stranger = await browser.newContext();
    const strangerPage = await stranger.newPage();

    await strangerPage.goto(url);

    await expect(strangerPage).toHaveURL(new RegExp(`^${app}/login/failed\\?reason=expired`));
    await expect(strangerPage.getByRole("link", { name: "Try again" })).toBeVisible();
    expect(await sessionCookieOf(stranger)).toBeUndefined();
    await stranger.close();
  });
});

test.describe("tokens stay on the server", () => {
  test("no cookie, storage or page holds a token, and the flow cookie holds none of the flow's values", async ({ page }) => {
    const pages: string[] = [];
    page.on("response", async (response) => {
      if (new URL(response.url()).origin === app) pages.push(await response.text().catch(() => ""));
    });
    let authorizeUrl: URL | undefined;
    page.on("request", (request) => {
      if (request.url().includes("/auth?")) authorizeUrl ??= new URL(request.url());
    });

    await goToProvider(page, app);
    const flowCookie = (await page.context().cookies()).find(({ name }) => name === "categories_oidc");
    expect(flowCookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    for (const name of ["state", "nonce", "code_challenge"]) {
      const value = authorizeUrl?.searchParams.get(name) ?? "";
      expect(value, `the authorization request's ${name}`).not.toBe("");
      expect(flowCookie?.value).not.toContain(value);
    }
    expect(authorizeUrl?.searchParams.get("code_challenge_method")).toBe("S256");
    await signInAtProvider(page, "admin");
    await expect(page).toHaveURL(`${app}/categories`);
    await page.goto(`${app}/categories/new`);

    const cookies = await page.context().cookies();
    expect(cookies.find(({ name }) => name === "categories_oidc"), "the flow cookie is gone once used").toBeUndefined();
    expect(cookies.filter(({ value }) => JWT_PATTERN.test(decodeURIComponent(value))).map(({ name }) => name)).toEqual([]);
    expect(cookies.find(({ name }) => name === "categories_session")).toMatchObject({ httpOnly: true });
    const storage = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(storage).not.toMatch(JWT_PATTERN);
    expect(await page.content()).not.toMatch(JWT_PATTERN);
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.filter((text) => JWT_PATTERN.test(text))).toEqual([]);
  });
});

test.describe("accessibility", () => {
  for (const colorScheme of ["light", "dark"] as const) {
    test(`the sign-in, no-access and failure pages and the header pass axe (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto(`${app}/login`);
      await expectNoAxeViolations(page);
      await page.goto(`${app}/login/failed?reason=state&ref=e2e-axe`);
      await expectNoAxeViolations(page);
      await signInWithSso(page, app, "viewer");
      await expect(page).toHaveURL(`${app}/categories`);
      await expect(page.getByRole("cell", { name: "dog", exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      // The provider's session too (same host): the next sign-in asks for an account again.
      await page.context().clearCookies();
      await signInWithSso(page, app, "nobody");
      await expect(page).toHaveURL(`${app}/login/no-access`);
      await expectNoAxeViolations(page);
    });
  }
});
