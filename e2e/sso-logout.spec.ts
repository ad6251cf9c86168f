import { randomBytes } from "node:crypto";
import { type APIRequestContext, type Page } from "@playwright/test";
import { SignJWT, generateKeyPair } from "jose";
import { expect, test } from "./support/fixtures";
import { JWT_PATTERN, type SsoApps, appLogLines, auditEntries, appLogText, sessionCookieOf, sessionRow, signInWithSso, startSsoApps } from "./support/sso";

/**
 * Logout both ways, with two app replicas on the run's one database and the real provider, whose back-channel logout
 * goes to the second replica.
 */
test.describe.configure({ mode: "default" });
test.use({ signedInAs: null });

const EVENT = "http://schemas.openid.net/event/backchannel-logout";

let sso: SsoApps;
let first: string;
let second: string;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  sso = await startSsoApps({ replicas: 2 });
  [first, second] = sso.apps.map((app) => app.url) as [string, string];
});

test.afterAll(async () => {
  await sso?.stop();
});

const idp = () => {
  if (!sso.idp) throw new Error("the test provider is not running");
  return sso.idp;
};

/** The status each replica gives the session cookie `token`, asked without a browser. */
async function statusOnBothReplicas(request: APIRequestContext, token: string): Promise<number[]> {
  return Promise.all(
    [first, second].map(async (origin) => (await request.get(`${origin}/api/auth/session`, { headers: { cookie: `categories_session=${token}` } })).status()),
  );
}

async function signedInSession(page: Page, login: "admin" | "viewer" = "admin"): Promise<{ token: string; sid: string; sub: string }> {
  await signInWithSso(page, first, login);
  await expect(page).toHaveURL(`${first}/categories`);
  const token = (await sessionCookieOf(page.context())) ?? "";
  const row = await sessionRow(token);
  expect(row, "the session row").toBeDefined();
  return { token, sid: String(row?.provider_sid), sub: String(row?.provider_sub) };
}

function logoutClaims(claims: Record<string, unknown>): Record<string, unknown> {
  return { iss: idp().issuer, aud: idp().clientId, iat: Math.floor(Date.now() / 1000), jti: randomBytes(12).toString("hex"), events: { [EVENT]: {} }, ...claims };
}

const postLogoutToken = (request: APIRequestContext, token: string, headers: Record<string, string> = {}, origin = first) =>
  request.post(`${origin}/api/auth/oidc/backchannel-logout`, { form: { logout_token: token }, headers });

test("sign-out ends the app session on both replicas first, then the provider's, and comes back to /login", async ({ page, request }) => {
  const { token } = await signedInSession(page);
  const sealed = String((await sessionRow(token))?.id_token_sealed);
  let endSessionUrl: URL | undefined;
  page.on("request", (sent) => {
    if (sent.url().startsWith(`${idp().issuer}/session/end`)) endSessionUrl ??= new URL(sent.url());
  });
  const sentBefore = idp().sentLogoutTokens.length;

  await page.getByRole("button", { name: "Sign out" }).click();

  await expect(page.getByRole("heading", { name: /Do you want to sign-out/ })).toBeVisible();
  expect(await statusOnBothReplicas(request, token)).toEqual([401, 401]);
  const hint = endSessionUrl?.searchParams.get("id_token_hint") ?? "";
  expect(hint).toMatch(JWT_PATTERN);
  expect(endSessionUrl?.searchParams.get("post_logout_redirect_uri")).toBe(`${first}/login`);
  expect(endSessionUrl?.searchParams.get("client_id")).toBe(idp().clientId);
  expect(sealed, "the ID token was kept sealed, not in the clear").not.toContain(hint);
  expect(sealed).not.toMatch(JWT_PATTERN);
  expect(await appLogText(sso.logDir)).not.toContain(hint);

  await page.getByRole("button", { name: "Yes, sign me out" }).click();

  await expect(page).toHaveURL(`${first}/login`);
  // The provider's own session ended too: a new sign-in asks for an account again instead of answering at once.
  await page.getByRole("link", { name: "Sign in with Test SSO" }).click();
  await expect(page.getByPlaceholder("Enter any login")).toBeVisible();
  // It also told the app, whose session had already ended: 200 all the same.
  await expect.poll(() => idp().sentLogoutTokens.slice(sentBefore).map(({ status }) => status)).toEqual([200]);
});

test("a sign-out at the provider ends the session on both replicas through back-channel logout", async ({ page, request }) => {
  const { token } = await signedInSession(page);
  expect(await statusOnBothReplicas(request, token)).toEqual([200, 200]);
  const sentBefore = idp().sentLogoutTokens.length;

  await page.goto(`${idp().issuer}/session/end`);
  await page.getByRole("button", { name: "Yes, sign me out" }).click();

  await expect.poll(() => idp().sentLogoutTokens.slice(sentBefore)).toEqual([
    expect.objectContaining({ uri: `${second}/api/auth/oidc/backchannel-logout`, status: 200 }),
  ]);
  expect(await statusOnBothReplicas(request, token)).toEqual([401, 401]);
  await page.goto(`${first}/categories`);
  await expect(page).toHaveURL(new RegExp(`^${first}/login\\?next=`));
  const ended = (await appLogLines(sso.logDir)).filter((line) => line.event === "backchannel_logout");
  expect(ended.at(-1)).toMatchObject({ type: "security", by: "sid", sessions: 1 });
  // The History page tells this apart from a person's own sign-out.
  expect(await auditEntries(String(ended.at(-1)?.requestId))).toEqual([expect.objectContaining({ action: "session_ended_by_provider", details: expect.objectContaining({ method: "sso" }) })]);

  await test.step("the provider's token, sent again, is refused as a replay", async () => {
    const replayed = idp().sentLogoutTokens.at(-1)?.token ?? "";
    expect((await postLogoutToken(request, replayed)).status()).toBe(400);
    const refused = (await appLogLines(sso.logDir)).filter((line) => line.event === "backchannel_logout_refused");
    expect(refused.at(-1)).toMatchObject({ reason: expect.stringContaining("replay") });
  });
});

test("forged or malformed logout tokens are refused with 400 and end nothing; the provider's own one then does", async ({ page, request }) => {
  const { token, sid, sub } = await signedInSession(page);
  const stranger = await generateKeyPair("RS256");
  const forged = await new SignJWT(logoutClaims({ sid, sub })).setProtectedHeader({ alg: "RS256", kid: idp().kid, typ: "logout+jwt" }).sign(stranger.privateKey);
  const refusals: [string, () => Promise<number>][] = [
    ["signed by a key the provider does not publish", async () => (await postLogoutToken(request, forged)).status()],
    ["for another client", async () => (await postLogoutToken(request, await idp().signWithProviderKey(logoutClaims({ sid, sub, aud: "another-client" })))).status()],
    ["from another issuer", async () => (await postLogoutToken(request, await idp().signWithProviderKey(logoutClaims({ sid, sub, iss: "http://127.0.0.1:1" })))).status()],
    ["with a nonce", async () => (await postLogoutToken(request, await idp().signWithProviderKey(logoutClaims({ sid, sub, nonce: "n" })))).status()],
    ["without the event", async () => (await postLogoutToken(request, await idp().signWithProviderKey(logoutClaims({ sid, sub, events: {} })))).status()],
    ["an hour old", async () => (await postLogoutToken(request, await idp().signWithProviderKey(logoutClaims({ sid, sub, iat: Math.floor(Date.now() / 1000) - 3600 })))).status()],
    ["not a token at all", async () => (await postLogoutToken(request, "not-a-token")).status()],
    ["sent as JSON", async () => (await request.post(`${first}/api/auth/oidc/backchannel-logout`, { data: { logout_token: forged } })).status()],
  ];
  for (const [what, send] of refusals) expect(await send(), what).toBe(400);
  expect(await statusOnBothReplicas(request, token)).toEqual([200, 200]);

  expect((await postLogoutToken(request, await idp().signWithProviderKey(logoutClaims({ sid, sub })))).status()).toBe(200);
  expect(await statusOnBothReplicas(request, token)).toEqual([401, 401]);
});

test("a jti used before ends nothing, even for another session; a valid token for ended sessions gets 200", async ({ page, browser, request }) => {
  const one = await signedInSession(page);
  const otherContext = await browser.newContext();
  const two = await signedInSession(await otherContext.newPage());
  expect(two.sid).not.toBe(one.sid);
  const jti = randomBytes(12).toString("hex");

  expect((await postLogoutToken(request, await idp().signWithProviderKey(logoutClaims({ jti, sid: one.sid, sub: one.sub })))).status()).toBe(200);
  expect(await statusOnBothReplicas(request, one.token)).toEqual([401, 401]);

  expect((await postLogoutToken(request, await idp().signWithProviderKey(logoutClaims({ jti, sid: two.sid, sub: two.sub })), {}, second)).status()).toBe(400);
  expect(await statusOnBothReplicas(request, two.token)).toEqual([200, 200]);

  expect((await postLogoutToken(request, await idp().signWithProviderKey(logoutClaims({ sid: one.sid, sub: one.sub })))).status()).toBe(200);
  await otherContext.close();
});

test("back-channel logout needs no Origin match and, without a sid, ends every session of the sub; sign-out still needs one", async ({ browser, request }) => {
  const contexts = [await browser.newContext(), await browser.newContext()];
  const sessions: { token: string; sub: string }[] = [];
  for (const context of contexts) sessions.push(await signedInSession(await context.newPage(), "viewer"));
  const crossSite = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };

  const refusedLogout = await request.post(`${first}/api/auth/logout`, { headers: { ...crossSite, cookie: `categories_session=${sessions[0]?.token}` } });
  expect(refusedLogout.status()).toBe(403);
  expect(await statusOnBothReplicas(request, sessions[0]?.token ?? "")).toEqual([200, 200]);

  const bySub = await idp().signWithProviderKey(logoutClaims({ sub: sessions[0]?.sub }));
  expect((await postLogoutToken(request, bySub, crossSite)).status()).toBe(200);
  for (const { token } of sessions) expect(await statusOnBothReplicas(request, token)).toEqual([401, 401]);
  await Promise.all(contexts.map((context) => context.close()));
});
