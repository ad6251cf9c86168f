import { startTestIdp } from "../scripts/lib/test-idp.mjs";
import { expect, test } from "./support/fixtures";
import { SSO_NAME, type SsoApps, signInWithSso, startSsoApps } from "./support/sso";

test.use({ signedInAs: null });

let sso: SsoApps;

test.afterAll(async () => {
  await sso?.stop();
});

test("an issuer that cannot be reached at start is retried: /api/ready says so meanwhile, then sign-in works", async ({ page, request }) => {
  test.setTimeout(120_000);
  sso = await startSsoApps({ startIdp: false });
  const app = sso.apps[0]?.url ?? "";

  const notReady = await request.get(`${app}/api/ready`);
  expect(notReady.status()).toBe(503);
  expect(await notReady.json()).toMatchObject({ code: "not_ready", message: expect.stringContaining("identity provider") });
  await page.goto(`${app}/login`);
  await page.getByRole("link", { name: `Sign in with ${SSO_NAME}` }).click();
  await expect(page).toHaveURL(new RegExp(`^${app}/login/failed\\?reason=unavailable`));
  await expect(page.getByText(`${SSO_NAME} cannot be reached right now.`)).toBeVisible();

  const idp = await startTestIdp({ port: sso.idpPort, appOrigins: [app], clientSecret: `e2e-oidc-client-secret-${sso.idpPort}` });
  try {
    // Retried in the background, less often each time: at most 30 s apart.
    await expect.poll(async () => (await request.get(`${app}/api/ready`)).status(), { timeout: 45_000, intervals: [1_000] }).toBe(200);
    await signInWithSso(page, app, "viewer");
    await expect(page).toHaveURL(`${app}/categories`);
  } finally {
    await idp.stop();
  }
});
