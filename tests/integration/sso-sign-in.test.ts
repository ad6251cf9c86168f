import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpVisitor } from "../support/http-visitor";
import { ACCESS_HELP, FLOW_COOKIE, JWT_PATTERN, SESSION_COOKIE, SSO_NAME } from "../support/sso-apps";
import { type SsoServers, startSsoServers } from "../support/sso-servers";
import { callbackAfterSignIn, providerSignInPage, sessionOf, signInWithSso, startSignIn } from "../support/sso-visitor";

// Sign-in through a real OpenID provider (node-oidc-provider) on loopback, to an app with local accounts turned off,
// driven with fetch as a browser would be: what the app answers at each step, what it keeps and what it logs.
let sso: SsoServers;

beforeAll(async () => {
  sso = await startSsoServers({ env: { AUTH_LOCAL: "off" } });
}, 60_000);

afterAll(async () => {
  await sso?.stop();
});

/** Where a callback's answer sent the browser: the failure page's reason and reference (the callback's request id). */
function failure(location: string | undefined): { page: string; reason: string | null; ref: string } {
  const url = new URL(location ?? "");
  return {
    page: `${url.origin}${url.pathname}`,
    reason: url.searchParams.get("reason"),
    ref: url.searchParams.get("ref") ?? "",
  };
}

const securityLine = async (requestId: string) =>
  (await sso.logLinesThrough(requestId)).find((line) => line.type === "security" && line.requestId === requestId);

async function pageHtml(visitor: HttpVisitor, url: string): Promise<string> {
  const page = await visitor.get(url);
  expect(page.status, url).toBe(200);
  return page.body;
}

describe("signing in through the provider", () => {
  it("is audited and logged with the method, and no log line holds a token", async () => {
    const answer = await signInWithSso(new HttpVisitor(), sso.app, "admin");

    expect(answer).toMatchObject({ status: 303, location: `${sso.app}/categories` });
    const requestId = answer.headers.get("x-request-id") ?? "";
    const lines = await sso.logLinesThrough(requestId);
    const signedIn = lines.find((line) => line.event === "login_succeeded" && line.requestId === requestId);
    expect(signedIn).toMatchObject({ type: "security", username: "ada.admin", method: "sso", role: "admin" });
    const audit = await sso.auditOf(requestId);
    expect(audit).toEqual([
      expect.objectContaining({
        action: "signed_in",
        actor: "ada.admin",
        details: expect.objectContaining({ method: "sso", role: "admin" }),
      }),
    ]);
    expect(lines.filter((line) => JWT_PATTERN.test(JSON.stringify(line)))).toEqual([]);
  });

  it("gives a viewer a session that may read the list but not create", async () => {
    const visitor = new HttpVisitor();
    await signInWithSso(visitor, sso.app, "viewer");

    expect(JSON.parse((await sessionOf(visitor, sso.app)).body)).toMatchObject({
      username: "vic.viewer",
      role: "viewer",
      method: "sso",
    });
    expect((await visitor.get(`${sso.app}/api/categories`)).status).toBe(200);
    const create = await visitor.request(`${sso.app}/api/categories`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "viewer may not" }),
    });
    expect(create.status).toBe(403);
  });

  it("sends someone in none of the groups to the no-access page, which says whom to ask, with no session", async () => {
    const visitor = new HttpVisitor();
    const answer = await signInWithSso(visitor, sso.app, "nobody");

    expect(answer).toMatchObject({ status: 303, location: `${sso.app}/login/no-access` });
    expect(visitor.cookie(SESSION_COOKIE)).toBeUndefined();
    expect((await sessionOf(visitor, sso.app)).status).toBe(401);
    const html = await pageHtml(visitor, `${sso.app}/login/no-access`);
    expect(html).toContain("<h1>You have no access to this app</h1>");
    expect(html).toContain(ACCESS_HELP);
  });
});

describe("a sign-in that fails ends on a page that says why, with no session", () => {
  it("a state that is not the one this browser sent", async () => {
    const visitor = new HttpVisitor();
    const altered = new URL(await callbackAfterSignIn(visitor, sso.app, "admin"));
    altered.searchParams.set("state", "a-state-this-browser-never-sent");

    const answer = await visitor.get(altered.href);

    const { page, reason, ref } = failure(answer.location);
    expect([answer.status, page, reason]).toEqual([303, `${sso.app}/login/failed`, "state"]);
    expect(await pageHtml(visitor, answer.location ?? "")).toContain(
      `The answer from ${SSO_NAME} does not belong to the sign-in this browser started`,
    );
    expect(visitor.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(await securityLine(ref)).toMatchObject({ event: "sso_sign_in_failed", reason: "state" });
    expect(await sso.auditOf(ref)).toEqual([
      expect.objectContaining({ action: "sso_sign_in_failed", details: expect.objectContaining({ reason: "state" }) }),
    ]);
  });

  it("a code used a second time, even with the flow cookie it came with", async () => {
    const visitor = new HttpVisitor();
    const callback = await callbackAfterSignIn(visitor, sso.app, "admin");
    const flowCookie = visitor.cookie(FLOW_COOKIE);
    expect((await visitor.get(callback)).location).toBe(`${sso.app}/categories`);
    const replay = new HttpVisitor();
    replay.setCookie(FLOW_COOKIE, flowCookie?.value ?? "");

    const answer = await replay.get(callback);

    const { page, reason, ref } = failure(answer.location);
    expect([answer.status, page, reason]).toEqual([303, `${sso.app}/login/failed`, "rejected"]);
    expect(replay.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(await securityLine(ref)).toMatchObject({
      event: "sso_sign_in_failed",
      reason: "rejected",
      detail: expect.stringContaining("invalid_grant"),
    });
  });

  it("the person cancels at the provider", async () => {
    const visitor = new HttpVisitor();
    const { cancelUrl } = await providerSignInPage(visitor, await startSignIn(visitor, sso.app));

    const { status, url } = await visitor.follow(cancelUrl);

    const { page, reason, ref } = failure(url);
    expect([status, page, reason]).toEqual([200, `${sso.app}/login/failed`, "denied"]);
    expect(await pageHtml(visitor, url)).toContain(`${SSO_NAME} did not sign you in.`);
    expect(visitor.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(await securityLine(ref)).toMatchObject({
      event: "sso_sign_in_failed",
      reason: "denied",
      detail: "access_denied",
    });
  });

  it("an answer that reaches a browser that started no sign-in", async () => {
    const callback = await callbackAfterSignIn(new HttpVisitor(), sso.app, "admin");
    const stranger = new HttpVisitor();

    const answer = await stranger.get(callback);

    const { page, reason } = failure(answer.location);
    expect([answer.status, page, reason]).toEqual([303, `${sso.app}/login/failed`, "expired"]);
    expect(await pageHtml(stranger, answer.location ?? "")).toMatch(/<a [^>]*href="\/login"[^>]*>Try again<\/a>/);
    expect(stranger.cookie(SESSION_COOKIE)).toBeUndefined();
  });
});

describe("tokens stay on the server", () => {
  it("the provider is asked for an S256 PKCE challenge, a state and a nonce, none of which the HttpOnly, SameSite=Lax flow cookie holds", async () => {
    const visitor = new HttpVisitor();
    const authorize = new URL(await startSignIn(visitor, sso.app));

    const flowCookie = visitor.cookie(FLOW_COOKIE);
    expect(flowCookie?.attributes).toMatch(/HttpOnly/);
    expect(flowCookie?.attributes).toMatch(/SameSite=Lax/);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    for (const name of ["state", "nonce", "code_challenge"]) {
      const value = authorize.searchParams.get(name) ?? "";
      expect(value, `the authorization request's ${name}`).not.toBe("");
      expect(flowCookie?.value).not.toContain(value);
    }
  });

  it("once signed in, the flow cookie is gone, the session cookie is HttpOnly, and no cookie or answer of the app holds a token", async () => {
    const visitor = new HttpVisitor();
    await signInWithSso(visitor, sso.app, "admin", "/categories/new");
    expect((await visitor.get(`${sso.app}/categories/new`)).status).toBe(200);
    await sessionOf(visitor, sso.app);

    expect(visitor.cookie(FLOW_COOKIE)).toBeUndefined();
    expect(visitor.cookie(SESSION_COOKIE)?.attributes).toMatch(/HttpOnly/);
    expect(
      visitor
        .cookies()
        .filter(({ value }) => JWT_PATTERN.test(decodeURIComponent(value)))
        .map(({ name }) => name),
    ).toEqual([]);
    const fromApp = visitor.seen.filter(({ url }) => url.startsWith(sso.app));
    expect(fromApp.length).toBeGreaterThan(3);
    const holdingTokens = fromApp.filter(({ body, setCookies }) =>
      [body, ...setCookies].some((text) => JWT_PATTERN.test(decodeURIComponent(text))),
    );
    expect(holdingTokens.map(({ url }) => url)).toEqual([]);
  });
});
