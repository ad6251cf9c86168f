import { describe, expect, it } from "vitest";
import { testDb } from "../support/test-database";
import { ADMIN, addAccounts, signIn } from "../support/auth-fixture";
import { ORIGIN, stubAppEnv } from "../support/app-env";

const ID_TOKEN = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJzdWItYWRhIiwic2lkIjoic2lkLTEifQ.c2lnbmF0dXJlLW9mLXRoZS1wcm92aWRlcg";

async function load(env: Record<string, string> = {}) {
  stubAppEnv(env);
  return {
    store: await import("@/lib/server/auth/session-store"),
    provider: await import("@/lib/server/auth/oidc/provider-sessions"),
    jtis: await import("@/lib/server/auth/oidc/logout-token-ids"),
    login: await import("@/app/api/auth/login/route"),
    session: await import("@/app/api/auth/session/route"),
  };
}

const SSO = {
  OIDC_ISSUER: "http://127.0.0.1:9/idp",
  OIDC_CLIENT_ID: "categories-admin",
  OIDC_CLIENT_SECRET: "client-secret",
};

const person = (sub: string, role: "admin" | "viewer" = "admin") => ({
  sub,
  username: `${sub}@example.com`,
  displayName: `Person ${sub}`,
  role,
});

const cookieFor = (token: string) => `categories_session=${token}`;

describe("single sign-on sessions", () => {
  it("are read back with their role, name and method, and keep the ID token only sealed", async () => {
    const { store } = await load();
    const token = await store.createSsoSession({ person: person("sub-ada"), sid: "sid-1", idToken: ID_TOKEN });
    expect(token).toBeDefined();
    expect(await store.readSession(token as string)).toEqual({
      username: "sub-ada@example.com",
      role: "admin",
      method: "sso",
      displayName: "Person sub-ada",
    });
    const { rows } = await testDb.query(
      "SELECT row_to_json(s)::text AS row FROM sessions s WHERE provider_sub = 'sub-ada'",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].row).not.toContain(ID_TOKEN);
    for (const part of ID_TOKEN.split(".")) expect(rows[0].row).not.toContain(part);
    expect(rows[0].row).not.toContain(token);
  });

  it("hand back the ID token when they end, and are gone after", async () => {
    const { store } = await load();
    const token = (await store.createSsoSession({
      person: person("sub-end"),
      sid: "sid-end",
      idToken: ID_TOKEN,
    })) as string;
    expect(await store.endSession(token)).toEqual({ idToken: ID_TOKEN });
    expect(await store.readSession(token)).toBeUndefined();
    expect(await store.endSession(token)).toEqual({ idToken: undefined });
  });

  it("end by sid, leaving the same person's other sessions", async () => {
    const { store, provider } = await load();
    const first = (await store.createSsoSession({
      person: person("sub-sid"),
      sid: "sid-a",
      idToken: ID_TOKEN,
    })) as string;
    const second = (await store.createSsoSession({
      person: person("sub-sid"),
      sid: "sid-b",
      idToken: ID_TOKEN,
    })) as string;
    expect(await provider.endProviderSessions({ sid: "sid-a", sub: "sub-sid" })).toEqual(["sub-sid@example.com"]);
    expect(await store.readSession(first)).toBeUndefined();
    expect(await store.readSession(second)).toBeDefined();
  });

  it("end by sid only when the sub matches too, when the token has both", async () => {
    const { store, provider } = await load();
    const token = (await store.createSsoSession({
      person: person("sub-owner"),
      sid: "sid-owned",
      idToken: ID_TOKEN,
    })) as string;
    expect(await provider.endProviderSessions({ sid: "sid-owned", sub: "sub-stranger" })).toEqual([]);
    expect(await store.readSession(token)).toBeDefined();
  });

  it("end every session of a sub when the token has no sid", async () => {
    const { store, provider } = await load();
    const tokens = await Promise.all(
      ["sid-x", "sid-y"].map((sid) => store.createSsoSession({ person: person("sub-all"), sid, idToken: ID_TOKEN })),
    );
    const other = (await store.createSsoSession({
      person: person("sub-other"),
      sid: "sid-z",
      idToken: ID_TOKEN,
    })) as string;
    expect(await provider.endProviderSessions({ sub: "sub-all" })).toHaveLength(2);
    for (const token of tokens) expect(await store.readSession(token as string)).toBeUndefined();
    expect(await store.readSession(other)).toBeDefined();
  });

  it("never touch local sessions, whose accounts work exactly as before", async () => {
    await addAccounts();
    const { store, provider, login, session } = await load();
    const cookie = await signIn(login, ADMIN);
    await store.createSsoSession({
      person: { ...person(ADMIN.username), username: ADMIN.username },
      sid: "sid-local",
      idToken: ID_TOKEN,
    });
    expect(await provider.endProviderSessions({ sub: ADMIN.username })).toHaveLength(1);
    const answer = await session.GET(new Request(`${ORIGIN}/api/auth/session`, { headers: { cookie } }));
    expect(await answer.json()).toEqual({
      username: ADMIN.username,
      role: "admin",
      method: "local",
      name: ADMIN.username,
    });
  });
});

describe("AUTH_LOCAL=off with single sign-on", () => {
  it("answers POST /api/auth/login with 404 and hashes no password", async () => {
    await addAccounts();
    const { login } = await load({ ...SSO, AUTH_LOCAL: "off" });
    const response = await login.POST(
      new Request(`${ORIGIN}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(ADMIN),
      }),
    );
    expect(response.status).toBe(404);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("no longer honours a local session made before, and still honours single sign-on sessions", async () => {
    await addAccounts();
    const before = await load();
    const local = await signIn(before.login, ADMIN);
    const sso = (await before.store.createSsoSession({
      person: person("sub-off"),
      sid: "sid-off",
      idToken: ID_TOKEN,
    })) as string;
    const { session } = await load({ ...SSO, AUTH_LOCAL: "off" });
    const who = (cookie: string) => session.GET(new Request(`${ORIGIN}/api/auth/session`, { headers: { cookie } }));
    expect((await who(local)).status).toBe(401);
    expect((await who(cookieFor(sso))).status).toBe(200);
  });
});

describe("logout token ids", () => {
  it("are accepted once, on any replica", async () => {
    const { jtis } = await load();
    const keepUntil = new Date(Date.now() + 60_000);
    expect(await jtis.firstUseOfLogoutToken("https://idp.example.com", "jti-1", keepUntil)).toBe(true);
    expect(await jtis.firstUseOfLogoutToken("https://idp.example.com", "jti-1", keepUntil)).toBe(false);
    const replica = await load();
    expect(await replica.jtis.firstUseOfLogoutToken("https://idp.example.com", "jti-1", keepUntil)).toBe(false);
    expect(await jtis.firstUseOfLogoutToken("https://other-idp.example.com", "jti-1", keepUntil)).toBe(true);
  });

  it("are stored hashed and swept once past their time", async () => {
    const { jtis } = await load();
    await jtis.firstUseOfLogoutToken("https://idp.example.com", "jti-old", new Date(Date.now() - 1_000));
    await jtis.firstUseOfLogoutToken("https://idp.example.com", "jti-new", new Date(Date.now() + 60_000));
    const { rows } = await testDb.query("SELECT id, expires_at <= now() AS past FROM logout_token_ids");
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.past)).toEqual([]);
    expect(JSON.stringify(rows)).not.toContain("jti-");
  });
});
