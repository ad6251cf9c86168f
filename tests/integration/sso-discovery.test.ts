import { afterAll, expect, it } from "vitest";
import { HttpVisitor } from "../support/http-visitor";
import { SSO_NAME } from "../support/sso-apps";
import { type SsoServers, startSsoServers } from "../support/sso-servers";
import { sessionOf, signInWithSso } from "../support/sso-visitor";

let sso: SsoServers | undefined;

afterAll(async () => {
  await sso?.stop();
});

async function readyStatus(app: string): Promise<number> {
  const response = await fetch(`${app}/api/ready`);
  await response.arrayBuffer();
  return response.status;
}

it("an issuer that cannot be reached at start is retried: /api/ready says so meanwhile, then sign-in works", async () => {
  sso = await startSsoServers({ startIdp: false });
  const { app } = sso;
  const visitor = new HttpVisitor();

  const notReady = await fetch(`${app}/api/ready`);
  expect(notReady.status).toBe(503);
  expect(await notReady.json()).toMatchObject({
    code: "not_ready",
    message: expect.stringContaining("identity provider"),
  });
  const failed = await visitor.follow(`${app}/api/auth/oidc/login`);
  expect(failed.url).toMatch(new RegExp(`^${app}/login/failed\\?reason=unavailable`));
  expect(failed.body).toContain(`${SSO_NAME} cannot be reached right now.`);

  await sso.startIdp();
  // Retried in the background, less often each time: at most 30 s apart. Asking /api/ready does not start a retry.
  await expect.poll(() => readyStatus(app), { timeout: 45_000, interval: 500 }).toBe(200);
  expect((await signInWithSso(visitor, app, "viewer")).location).toBe(`${app}/categories`);
  expect((await sessionOf(visitor, app)).status).toBe(200);
}, 90_000);
