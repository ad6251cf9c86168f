import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { errorBodySchema } from "@/lib/shared/schemas";
import { removeUser, upsertUser } from "@/lib/node/user-store.mjs";
import { testDb } from "../support/test-database";
import { ADMIN, VIEWER, addAccount, addAccounts, signIn } from "../support/auth-fixture";
import { ORIGIN, stubAppEnv } from "../support/app-env";

beforeAll(async () => {
  await addAccounts();
});
afterEach(() => {
  vi.useRealTimers();
});

async function load(env: Record<string, string> = {}) {
  stubAppEnv(env);
  return {
    login: await import("@/app/api/auth/login/route"),
    logout: await import("@/app/api/auth/logout/route"),
    session: await import("@/app/api/auth/session/route"),
  };
}

const loginRequest = (body: unknown, headers: Record<string, string> = {}) =>
  new Request(`${ORIGIN}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-client-address": "192.0.2.1", ...headers },
    body: JSON.stringify(body),
  });

const whoAmI = (routes: Awaited<ReturnType<typeof load>>, cookie: string) =>
  routes.session.GET(new Request(`${ORIGIN}/api/auth/session`, { headers: { cookie } }));

async function errorOf(response: Response) {
  return errorBodySchema.parse(await response.json());
}

describe("POST /api/auth/login", () => {
  it("204 with an HttpOnly, SameSite=Lax, Path=/ session cookie and no Domain", async () => {
    const response = await (await load()).login.POST(loginRequest(ADMIN));
    expect(response.status).toBe(204);
    const cookie = response.headers.getSetCookie()[0] ?? "";
    expect(cookie).toMatch(/^categories_session=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toMatch(/domain=/i);
  });

  it("over https the cookie is Secure and named __Host-", async () => {
    const response = await (
      await load({ APP_ORIGIN: "https://admin.example.com" })
    ).login.POST(loginRequest(ADMIN, { origin: "https://admin.example.com" }));
    const [session, device] = response.headers.getSetCookie();
    expect(session).toMatch(/^__Host-categories_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
    expect(device).toMatch(/^__Host-categories_device=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Strict; Secure$/);
  });

  it("sends HSTS when the app is served over https, and not over http", async () => {
    const secure = await (
      await load({ APP_ORIGIN: "https://admin.example.com" })
    ).login.POST(loginRequest(ADMIN, { origin: "https://admin.example.com" }));
    expect(secure.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    const plain = await (await load()).login.POST(loginRequest(ADMIN));
    expect(plain.headers.get("strict-transport-security")).toBeNull();
  });

  it("gives a new session at every sign-in", async () => {
    const routes = await load();
    expect(await signIn(routes.login, ADMIN)).not.toBe(await signIn(routes.login, ADMIN));
  });

  it("never promotes a cookie planted before sign-in", async () => {
    const routes = await load();
    const planted = await signIn(routes.login, VIEWER);
    const response = await routes.login.POST(loginRequest(ADMIN, { cookie: planted }));
    expect(response.headers.get("set-cookie")?.split(";")[0]).not.toBe(planted);
    expect((await whoAmI(routes, planted)).status).toBe(401);
  });

  it("answers a wrong password and an unknown user with the same 401 body", async () => {
    const { login } = await load();
    const wrong = await login.POST(loginRequest({ username: ADMIN.username, password: "not-the-password" }));
    const unknown = await login.POST(loginRequest({ username: "nobody-here", password: "not-the-password" }));
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const expected = {
      code: "invalid_credentials",
      message: "Wrong username or password.",
      status: 401,
      requestId: expect.any(String),
    };
    expect(await wrong.json()).toEqual(expected);
    expect(await unknown.json()).toEqual(expected);
  });

  it("spends the same hashing work on an unknown user as on a wrong password", async () => {
    const { login } = await load();
    const time = async (username: string) => {
      const started = performance.now();
      await login.POST(
        loginRequest(
          { username, password: "not-the-password" },
          { "x-client-address": `198.51.100.${(Math.random() * 250) | 0}` },
        ),
      );
      return performance.now() - started;
    };
    // An account at the app's own cost (upsertUser, as `npm run users` makes one), not a fixture's cheaper hash.
    await upsertUser(testDb, "equal-work", "viewer", "equal-work-password");
    await time("warm-up-user");
    const known = await time("equal-work");
    const unknown = await time("no-such-person");
    // Generous bounds: this checks that the scrypt work happens for both, not a speed target.
    expect(unknown).toBeGreaterThan(known * 0.4);
    expect(unknown).toBeLessThan(known * 2.5);
  });

  it.each([
    ["no password", { username: "x" }],
    ["a numeric username", { username: 1, password: "x" }],
    ["empty strings", { username: "", password: "" }],
  ])("400 for %s", async (_, body) => {
    const response = await (await load()).login.POST(loginRequest(body));
    expect(response.status).toBe(400);
  });

  it("names each missing field, so the sign-in form can show the message by its input", async () => {
    const response = await (await load()).login.POST(loginRequest({ username: "", password: "" }));
    expect(await errorOf(response)).toMatchObject({
      code: "invalid_request",
      fields: { username: "Enter your username", password: "Enter your password" },
    });
  });

  it("400 without fields for a body that is not an object", async () => {
    const body = await errorOf(await (await load()).login.POST(loginRequest(["admin", "pw"])));
    expect(body).toMatchObject({ status: 400, code: "invalid_request" });
    expect(body.fields).toBeUndefined();
  });
});

describe("a username longer than any index entry (3 KB)", () => {
  it("is a wrong username: 401, and its failures are counted like any other", async () => {
    const { login } = await load();
    const { recordFailure } = await import("@/lib/server/auth/login-throttle");
    const username = "x".repeat(3_000) + Math.random().toString(36).repeat(20);
    // Nine failures put straight in the throttle, each from its own address: an unknown user's attempt through the
    // route costs a full scrypt. The route's one failure is the tenth, counted only under this username's key.
    for (let i = 0; i < 9; i++) await recordFailure({ username, address: `192.0.2.${100 + i}` });
    expect(
      (await login.POST(loginRequest({ username, password: "guess" }, { "x-client-address": "192.0.2.119" }))).status,
    ).toBe(401);
    expect(
      (await login.POST(loginRequest({ username, password: "guess" }, { "x-client-address": "192.0.2.120" }))).status,
    ).toBe(429);
  }, 30_000);
});

describe("a username PostgreSQL cannot store (U+0000)", () => {
  it("is a wrong username, counted and recorded like any other, never a 500", async () => {
    const { login } = await load();
    const response = await login.POST(
      loginRequest(
        { username: `${ADMIN.username}\u0000`, password: ADMIN.password },
        { "x-client-address": "192.0.2.77" },
      ),
    );
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toMatchObject({ code: "invalid_credentials" });
  });
});

describe("sign-in throttling", () => {
  it("after 10 failures for one username answers 429 with Retry-After, even for the right password", async () => {
    await addAccount({ username: "target", role: "viewer", password: "target-password-1" });
    const { login } = await load();
    for (let i = 0; i < 10; i++) {
      const response = await login.POST(
        loginRequest({ username: "target", password: "guess" }, { "x-client-address": `203.0.113.${i}` }),
      );
      expect(response.status).toBe(401);
    }
    const refused = await login.POST(
      loginRequest({ username: "target", password: "target-password-1" }, { "x-client-address": "203.0.113.99" }),
    );
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toMatchObject({ code: "too_many_attempts", status: 429 });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  }, 30_000);

  it("after 11 failures from elsewhere, the right password from a browser that signed in before still gets in", async () => {
    await addAccount({ username: "owner", role: "admin", password: "owner-password-1" });
    const { login } = await load();
    const first = await login.POST(
      loginRequest({ username: "owner", password: "owner-password-1" }, { "x-client-address": "203.0.114.1" }),
    );
    const device =
      (first.headers.getSetCookie().find((cookie) => cookie.startsWith("categories_device=")) ?? "").split(";")[0] ??
      "";
    expect(device).toMatch(/^categories_device=.+/);
    for (let i = 0; i < 11; i++) {
      await login.POST(
        loginRequest({ username: "owner", password: "guess" }, { "x-client-address": `203.0.114.${10 + i}` }),
      );
    }
    const stranger = await login.POST(
      loginRequest({ username: "owner", password: "owner-password-1" }, { "x-client-address": "203.0.114.99" }),
    );
    expect(stranger.status).toBe(429);
    const owner = await login.POST(
      loginRequest(
        { username: "owner", password: "owner-password-1" },
        { "x-client-address": "203.0.114.2", cookie: device },
      ),
    );
    expect(owner.status).toBe(204);
  }, 30_000);

  it("a device cookie of another account, or a forged one, earns no exemption", async () => {
    await addAccount({ username: "victim", role: "admin", password: "victim-password-1" });
    const { login } = await load();
    const viewerSignIn = await login.POST(loginRequest(VIEWER, { "x-client-address": "203.0.115.1" }));
    const viewerDevice = (viewerSignIn.headers.getSetCookie()[1] ?? "").split(";")[0] ?? "";
    const forged = `categories_device=${Buffer.from("victim").toString("base64url")}.bm9uY2U.${"A".repeat(43)}`;
    for (let i = 0; i < 10; i++) {
      await login.POST(
        loginRequest({ username: "victim", password: "guess" }, { "x-client-address": `203.0.115.${10 + i}` }),
      );
    }
    for (const cookie of [viewerDevice, forged]) {
      const response = await login.POST(
        loginRequest(
          { username: "victim", password: "victim-password-1" },
          { "x-client-address": "203.0.115.2", cookie },
        ),
      );
      expect(response.status).toBe(429);
    }
  }, 30_000);
});

describe("bounded password hashing", () => {
  it("runs at most AUTH_HASH_CONCURRENCY hashes at once; beyond a short wait, 503 busy with Retry-After", async () => {
    const { login } = await load({ AUTH_HASH_CONCURRENCY: "1" });
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        login.POST(
          loginRequest({ username: `nobody-${i}`, password: "guess" }, { "x-client-address": `198.19.0.${i}` }),
        ),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(1);
    const busy = responses.filter((response) => response.status === 503);
    expect(busy.length).toBeGreaterThanOrEqual(5);
    expect(await errorOf(busy[0] as Response)).toMatchObject({ code: "busy", status: 503 });
    expect(busy[0]?.headers.get("retry-after")).toBe("1");
    expect(statuses.every((status) => status === 401 || status === 503)).toBe(true);
  });
});

describe("POST /api/auth/logout", () => {
  it("204, clears the cookie, and a replayed copy of the old cookie gets 401", async () => {
    const routes = await load();
    const cookie = await signIn(routes.login, ADMIN);
    expect((await whoAmI(routes, cookie)).status).toBe(200);
    const response = await routes.logout.POST(
      new Request(`${ORIGIN}/api/auth/logout`, { method: "POST", headers: { cookie } }),
    );
    expect(response.status).toBe(204);
    expect(response.headers.get("set-cookie")).toMatch(/^categories_session=; .*Max-Age=0/);
    expect((await whoAmI(routes, cookie)).status).toBe(401);
  });

  it("is refused cross-site, leaving the session alive", async () => {
    const routes = await load();
    const cookie = await signIn(routes.login, ADMIN);
    const response = await routes.logout.POST(
      new Request(`${ORIGIN}/api/auth/logout`, { method: "POST", headers: { cookie, "sec-fetch-site": "cross-site" } }),
    );
    expect(response.status).toBe(403);
    expect((await whoAmI(routes, cookie)).status).toBe(200);
  });
});

describe("GET /api/auth/session", () => {
  it("200 with username and role, or 401 without a session", async () => {
    const routes = await load();
    const response = await whoAmI(routes, await signIn(routes.login, VIEWER));
    expect(await response.json()).toEqual({
      username: VIEWER.username,
      role: "viewer",
      method: "local",
      name: VIEWER.username,
    });
    const anonymous = await routes.session.GET(new Request(`${ORIGIN}/api/auth/session`));
    expect(anonymous.status).toBe(401);
    expect(await errorOf(anonymous)).toMatchObject({ code: "unauthenticated" });
  });
});

describe("revocation and expiry", () => {
  it("removing a user ends their session on the next request, and it stays ended", async () => {
    const leaver = { username: "leaver", role: "admin", password: "leaver-password-1" } as const;
    await addAccount(leaver);
    const routes = await load();
    const cookie = await signIn(routes.login, leaver);
    await removeUser(testDb, "leaver");
    expect((await whoAmI(routes, cookie)).status).toBe(401);
    await addAccount(leaver);
    expect((await whoAmI(routes, cookie)).status).toBe(401);
  });

  it("changing a user's role ends the session that had the old role", async () => {
    await addAccount({ username: "demoted", role: "admin", password: "demoted-password-1" });
    const routes = await load();
    const cookie = await signIn(routes.login, { username: "demoted", password: "demoted-password-1" });
    await addAccount({ username: "demoted", role: "viewer", password: "demoted-password-1" });
    expect((await whoAmI(routes, cookie)).status).toBe(401);
    const again = await signIn(routes.login, { username: "demoted", password: "demoted-password-1" });
    expect(await (await whoAmI(routes, again)).json()).toEqual({
      username: "demoted",
      role: "viewer",
      method: "local",
      name: "demoted",
    });
  });

  it("expires after 30 idle minutes", async () => {
    const routes = await load();
    const cookie = await signIn(routes.login, ADMIN);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 29 * 60_000);
    expect((await whoAmI(routes, cookie)).status).toBe(200);
    vi.setSystemTime(Date.now() + 31 * 60_000);
    expect((await whoAmI(routes, cookie)).status).toBe(401);
  });

  it("expires after 8 hours even when used all along", async () => {
    const routes = await load();
    const cookie = await signIn(routes.login, ADMIN);
    vi.useFakeTimers({ toFake: ["Date"] });
    for (let minutes = 20; minutes < 8 * 60; minutes += 20) {
      vi.setSystemTime(Date.now() + 20 * 60_000);
      expect((await whoAmI(routes, cookie)).status, `after ${minutes} minutes`).toBe(200);
    }
    vi.setSystemTime(Date.now() + 21 * 60_000);
    expect((await whoAmI(routes, cookie)).status).toBe(401);
  });
});
