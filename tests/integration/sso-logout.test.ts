import { createHmac, randomBytes } from "node:crypto";
import { SignJWT, generateKeyPair } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestLogin } from "../../scripts/lib/test-idp.mjs";
import { SESSION_SECRET } from "../support/auth-fixture";
import { HttpVisitor } from "../support/http-visitor";
import { JWT_PATTERN, SESSION_COOKIE } from "../support/sso-apps";
import { type SsoServers, startSsoServers } from "../support/sso-servers";
import { providerSignInPage, signInWithSso, startSignIn } from "../support/sso-visitor";
import { testDb } from "../support/test-database";

// Logout both ways, with two app replicas on the test file's one database and the real provider, whose back-channel
// logout goes to the second replica: a server-to-server POST, so all of it is plain HTTP.
const EVENT = "http://schemas.openid.net/event/backchannel-logout";

let sso: SsoServers;
let first: string;
let second: string;

beforeAll(async () => {
  sso = await startSsoServers({ replicas: 2 });
  [first, second] = sso.apps.map((app) => app.url) as [string, string];
}, 90_000);

afterAll(async () => {
  await sso?.stop();
});

const idp = () => sso.idp();

/** The sessions row of a cookie's token, found as the app finds it: by the HMAC of the token under SESSION_SECRET. */
async function sessionRow(token: string): Promise<Record<string, unknown> | undefined> {
  const id = createHmac("sha256", SESSION_SECRET).update(token).digest("base64url");
  return (await testDb.query("SELECT * FROM sessions WHERE id = $1", [id])).rows[0] as
    | Record<string, unknown>
    | undefined;
}

/** A response's status, its body read so the connection is free again. */
async function statusOf(pending: Promise<Response>): Promise<number> {
  const response = await pending;
  await response.arrayBuffer();
  return response.status;
}

/** The status each replica gives the session cookie `token`. */
const statusOnBothReplicas = (token: string) =>
  Promise.all(
    [first, second].map((origin) =>
      statusOf(fetch(`${origin}/api/auth/session`, { headers: { cookie: `${SESSION_COOKIE}=${token}` } })),
    ),
  );

async function signedInSession(login: TestLogin = "admin") {
  const visitor = new HttpVisitor();
  expect((await signInWithSso(visitor, first, login)).location).toBe(`${first}/categories`);
  const token = visitor.cookie(SESSION_COOKIE)?.value ?? "";
  const row = await sessionRow(token);
  expect(row, "the session row").toBeDefined();
  return { visitor, token, sid: String(row?.provider_sid), sub: String(row?.provider_sub) };
}

const logoutClaims = (claims: Record<string, unknown>) => ({
  iss: idp().issuer,
  aud: idp().clientId,
  iat: Math.floor(Date.now() / 1000),
  jti: randomBytes(12).toString("hex"),
  events: { [EVENT]: {} },
  ...claims,
});

const postLogoutToken = (token: string, headers: Record<string, string> = {}, origin = first) =>
  statusOf(
    fetch(`${origin}/api/auth/oidc/backchannel-logout`, {
      method: "POST",
      headers,
      body: new URLSearchParams({ logout_token: token }),
    }),
  );

/** The provider's sign-out page (reached at `url`) answered "Yes, sign me out"; where it then sent the browser. */
async function confirmAtProvider(visitor: HttpVisitor, url: string) {
  const page = await visitor.get(url);
  const form =
    /<form id="op.logoutForm" method="post" action="([^"]+)"><input type="hidden" name="xsrf" value="([^"]+)"\/>/.exec(
      page.body,
    );
  if (!form?.[1] || !form[2]) throw new Error(`no sign-out form at ${url} (status ${page.status}):\n${page.body}`);
  const confirmed = await visitor.post(new URL(form[1], url).href, { xsrf: form[2], logout: "yes" });
  return confirmed.location;
}

/** Sign-out in the app: the provider's end-session URL it answers with, and the request's id. */
const appSignOut = async (visitor: HttpVisitor) => {
  const answer = await visitor.request(`${first}/api/auth/logout`, { method: "POST" });
  expect(answer.status).toBe(200);
  return {
    endSession: new URL((JSON.parse(answer.body) as { redirect: string }).redirect),
    requestId: answer.headers.get("x-request-id") ?? "",
  };
};

describe("signing out in the app", () => {
  it("ends the session on both replicas and hands over the provider's end-session URL: ID token hint, /login to come back to, client id", async () => {
    const { visitor, token } = await signedInSession();

    const { endSession } = await appSignOut(visitor);

    expect(await statusOnBothReplicas(token)).toEqual([401, 401]);
    expect(`${endSession.origin}${endSession.pathname}`).toBe(`${idp().issuer}/session/end`);
    expect(endSession.searchParams.get("id_token_hint")).toMatch(JWT_PATTERN);
    expect(endSession.searchParams.get("post_logout_redirect_uri")).toBe(`${first}/login`);
    expect(endSession.searchParams.get("client_id")).toBe(idp().clientId);
  });

  it("kept the ID token it hands over as the hint only sealed, and never logs it", async () => {
    const { visitor, token } = await signedInSession();
    const sealed = String((await sessionRow(token))?.id_token_sealed);

    const { endSession, requestId } = await appSignOut(visitor);

    const hint = endSession.searchParams.get("id_token_hint") ?? "";
    expect(hint).toMatch(JWT_PATTERN);
    expect(sealed).not.toContain(hint);
    expect(sealed).not.toMatch(JWT_PATTERN);
    expect((await sso.logLinesThrough(requestId)).filter((line) => JSON.stringify(line).includes(hint))).toEqual([]);
  });

  it("confirmed at the provider, ends its session too, and its back-channel logout for the session already ended gets 200", async () => {
    const { visitor } = await signedInSession();
    const sentBefore = idp().sentLogoutTokens.length;

    expect(await confirmAtProvider(visitor, (await appSignOut(visitor)).endSession.href)).toBe(`${first}/login`);

    expect(
      idp()
        .sentLogoutTokens.slice(sentBefore)
        .map(({ uri, status }) => [uri, status]),
    ).toEqual([[`${second}/api/auth/oidc/backchannel-logout`, 200]]);
    // The next sign-in asks for an account again instead of answering at once.
    await expect(providerSignInPage(visitor, await startSignIn(visitor, first))).resolves.toBeDefined();
  });
});

describe("a sign-out at the provider (back-channel logout)", () => {
  it("ends the session on both replicas, logged by sid and audited as ended by the provider", async () => {
    const { visitor, token } = await signedInSession();
    expect(await statusOnBothReplicas(token)).toEqual([200, 200]);
    const sentBefore = idp().sentLogoutTokens.length;

    await confirmAtProvider(visitor, `${idp().issuer}/session/end`);

    const sent = idp().sentLogoutTokens.slice(sentBefore);
    expect(sent.map(({ uri, status }) => [uri, status])).toEqual([[`${second}/api/auth/oidc/backchannel-logout`, 200]]);
    expect(await statusOnBothReplicas(token)).toEqual([401, 401]);
    const requestId = sent[0]?.requestId ?? "";
    const ended = (await sso.logLinesThrough(requestId)).find(
      (line) => line.event === "backchannel_logout" && line.requestId === requestId,
    );
    expect(ended).toMatchObject({ type: "security", by: "sid", sessions: 1 });
    // The History page tells this apart from a person's own sign-out.
    const audit = await sso.auditOf(requestId);
    expect(audit).toEqual([
      expect.objectContaining({
        action: "session_ended_by_provider",
        details: expect.objectContaining({ method: "sso" }),
      }),
    ]);
  });

  it("sends a logout token that, sent again, is refused as a replay", async () => {
    const { visitor } = await signedInSession();
    await confirmAtProvider(visitor, `${idp().issuer}/session/end`);

    const body = new URLSearchParams({ logout_token: idp().sentLogoutTokens.at(-1)?.token ?? "" });
    const replayed = await fetch(`${first}/api/auth/oidc/backchannel-logout`, { method: "POST", body });

    await replayed.arrayBuffer();
    expect(replayed.status).toBe(400);
    const requestId = replayed.headers.get("x-request-id") ?? "";
    const refused = (await sso.logLinesThrough(requestId)).find(
      (line) => line.event === "backchannel_logout_refused" && line.requestId === requestId,
    );
    expect(refused).toMatchObject({ reason: expect.stringContaining("replay") });
  });
});

describe("logout tokens the app refuses with 400, ending nothing", () => {
  let session: Awaited<ReturnType<typeof signedInSession>>;
  const mine = (claims: Record<string, unknown> = {}) =>
    logoutClaims({ sid: session.sid, sub: session.sub, ...claims });
  const providerSigned = (claims: Record<string, unknown>) => idp().signWithProviderKey(mine(claims));

  beforeAll(async () => {
    session = await signedInSession();
  });

  it.each<[string, () => Promise<number>]>([
    [
      "signed by a key the provider does not publish",
      async () => {
        const stranger = await generateKeyPair("RS256");
        return postLogoutToken(
          await new SignJWT(mine())
            .setProtectedHeader({ alg: "RS256", kid: idp().kid, typ: "logout+jwt" })
            .sign(stranger.privateKey),
        );
      },
    ],
    ["for another client", async () => postLogoutToken(await providerSigned({ aud: "another-client" }))],
    ["from another issuer", async () => postLogoutToken(await providerSigned({ iss: "http://127.0.0.1:1" }))],
    ["with a nonce", async () => postLogoutToken(await providerSigned({ nonce: "n" }))],
    ["without the event", async () => postLogoutToken(await providerSigned({ events: {} }))],
    ["an hour old", async () => postLogoutToken(await providerSigned({ iat: Math.floor(Date.now() / 1000) - 3600 }))],
    ["that is not a token at all", async () => postLogoutToken("not-a-token")],
    [
      "sent as JSON",
      async () => {
        const body = JSON.stringify({ logout_token: await providerSigned({}) });
        return statusOf(
          fetch(`${first}/api/auth/oidc/backchannel-logout`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body,
          }),
        );
      },
    ],
  ])("a logout token %s", async (_what, send) => {
    expect(await send()).toBe(400);
    expect(await statusOnBothReplicas(session.token)).toEqual([200, 200]);
  });

  it("while the provider's own token for that session ends it on both replicas", async () => {
    expect(await postLogoutToken(await providerSigned({}))).toBe(200);
    expect(await statusOnBothReplicas(session.token)).toEqual([401, 401]);
  });
});

it("a jti used before ends nothing, even for another session; a valid token for ended sessions gets 200", async () => {
  const one = await signedInSession();
  const two = await signedInSession();
  expect(two.sid).not.toBe(one.sid);
  const jti = randomBytes(12).toString("hex");
  const tokenFor = (session: typeof one, claims: Record<string, unknown> = {}) =>
    idp().signWithProviderKey(logoutClaims({ sid: session.sid, sub: session.sub, ...claims }));

  expect(await postLogoutToken(await tokenFor(one, { jti }))).toBe(200);
  expect(await statusOnBothReplicas(one.token)).toEqual([401, 401]);

  expect(await postLogoutToken(await tokenFor(two, { jti }), {}, second)).toBe(400);
  expect(await statusOnBothReplicas(two.token)).toEqual([200, 200]);

  expect(await postLogoutToken(await tokenFor(one))).toBe(200);
});

it("a logout token without a sid, sent from another site, ends every session of its sub", async () => {
  const sessions = [await signedInSession("viewer"), await signedInSession("viewer")];
  const crossSite = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };

  expect(
    await postLogoutToken(await idp().signWithProviderKey(logoutClaims({ sub: sessions[0]?.sub })), crossSite),
  ).toBe(200);

  for (const { token } of sessions) expect(await statusOnBothReplicas(token)).toEqual([401, 401]);
});
