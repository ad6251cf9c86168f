import { expect, test } from "./support/fixtures";
import { expectNoAxeViolations } from "./support/axe";
import { ROGUE_MODE_COOKIE, type RogueMode, type RogueProvider, startRogueProvider } from "./support/rogue-provider";
import { SSO_NAME, type SsoApps, appLogLines, auditEntries, sessionCookieOf, startSsoApps } from "./support/sso";

/**
 * ID tokens that a certified provider will not produce on demand, from a tiny provider of the tests' own: the app
 * must refuse each one. Local accounts stay on for this app (AUTH_LOCAL unset).
 */
test.describe.configure({ mode: "default" });
test.use({ signedInAs: null });

let rogue: RogueProvider;
let sso: SsoApps;
let app: string;

test.beforeAll(async () => {
  rogue = await startRogueProvider();
  sso = await startSsoApps({ issuer: { url: rogue.issuer, clientId: rogue.clientId, clientSecret: rogue.clientSecret } });
  app = sso.apps[0]?.url ?? "";
});

test.afterAll(async () => {
  await sso?.stop();
  await rogue?.stop();
});

async function signInWithMode(page: import("@playwright/test").Page, mode: RogueMode): Promise<void> {
  await page.context().addCookies([{ name: ROGUE_MODE_COOKIE, value: mode, url: rogue.issuer }]);
  await page.goto(`${app}/login`);
  await page.getByRole("link", { name: `Sign in with ${SSO_NAME}` }).click();
}

test("with local accounts on, the sign-in page offers both, and passes axe", async ({ page }) => {
  await page.goto(`${app}/login`);
  await expect(page.getByRole("link", { name: `Sign in with ${SSO_NAME}` })).toBeVisible();
  await expect(page.getByRole("heading", { name: "With a local account" })).toBeVisible();
  await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a well-formed ID token from this provider signs the person in (the cases below differ only in what they break)", async ({ page }) => {
  await signInWithMode(page, "valid");
  await expect(page).toHaveURL(`${app}/categories`);
  await expect(page.getByRole("banner")).toContainText(`Signed in as Rita Rogue (Admin) with ${SSO_NAME}`);
});

const broken: [RogueMode, RegExp][] = [
  ["wrong-issuer", /"iss"/],
  ["wrong-audience", /"aud"/],
  ["expired", /"exp"/],
  ["unsigned", /"alg"/],
  ["forged-signature", /signature/i],
  ["wrong-nonce", /"nonce"/],
];

for (const [mode, detail] of broken) {
  test(`an ID token with ${mode} is refused: failure page, no session, a security line and an audit entry`, async ({ page }) => {
    await signInWithMode(page, mode);

    await expect(page).toHaveURL(new RegExp(`^${app}/login/failed\\?reason=rejected`));
    await expect(page.getByText(`The answer from ${SSO_NAME} could not be verified, so it was not used.`)).toBeVisible();
    expect(await sessionCookieOf(page.context())).toBeUndefined();
    expect((await page.request.get(`${app}/api/auth/session`)).status()).toBe(401);
    const reference = new URL(page.url()).searchParams.get("ref") ?? "";
    const line = (await appLogLines(sso.logDir)).find((logged) => logged.requestId === reference && logged.type === "security");
    expect(line).toMatchObject({ event: "sso_sign_in_failed", reason: "rejected", detail: expect.stringMatching(detail) });
    expect(JSON.stringify(line)).not.toMatch(/eyJ/);
    expect(await auditEntries(reference)).toEqual([expect.objectContaining({ action: "sso_sign_in_failed", details: expect.objectContaining({ reason: "rejected" }) })]);
  });
}
