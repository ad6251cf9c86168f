import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { type BrowserSsoApps, SSO_NAME, startSsoApps } from "./support/sso";
import { ROGUE_MODE_COOKIE, type RogueProvider, startRogueProvider } from "../tests/support/rogue-provider";

/**
 * The pages of an app with local accounts on (AUTH_LOCAL unset) beside single sign-on, against a tiny provider of the
 * tests' own that can break its ID tokens. Each broken token is refused without a browser
 * (tests/integration/sso-token-checks.test.ts); here, that the person sees why.
 */
test.describe.configure({ mode: "default" });
test.use({ signedInAs: null });

let rogue: RogueProvider;
let sso: BrowserSsoApps;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  rogue = await startRogueProvider();
  sso = await startSsoApps({
    issuer: { url: rogue.issuer, clientId: rogue.clientId, clientSecret: rogue.clientSecret },
  });
});

test.afterAll(async () => {
  await sso?.stop();
  await rogue?.stop();
});

test("with local accounts on, the sign-in page offers both, and passes axe", async ({ page }) => {
  await page.goto(`${sso.app}/login`);
  await expect(page.getByRole("link", { name: `Sign in with ${SSO_NAME}` })).toBeVisible();
  await expect(page.getByRole("heading", { name: "With a local account" })).toBeVisible();
  await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("an ID token the app refuses ends on a page that says the answer could not be verified", async ({ page }) => {
  await page.context().addCookies([{ name: ROGUE_MODE_COOKIE, value: "forged-signature", url: rogue.issuer }]);
  await page.goto(`${sso.app}/login`);

  await page.getByRole("link", { name: `Sign in with ${SSO_NAME}` }).click();

  await expect(page).toHaveURL(new RegExp(`^${sso.app}/login/failed\\?reason=rejected`));
  await expect(page.getByText(`The answer from ${SSO_NAME} could not be verified, so it was not used.`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Try again" })).toBeVisible();
});
