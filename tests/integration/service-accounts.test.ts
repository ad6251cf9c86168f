import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChangeRequest } from "@/lib/shared/change-request-schemas";
import type { ApiToken, IssuedToken } from "@/lib/shared/service-account-schemas";
import { ADMIN, VIEWER, addAccount, addAccounts } from "../support/auth-fixture";
import { type FakeCatalogue, keepingService, startFakeCatalogue } from "../support/fake-catalogue";
import { databaseRows } from "../support/leak-check";
import { type StandaloneApp, signInOverHttp, startStandaloneApp } from "../support/standalone-app";

// Issue 46 over HTTP: service accounts and their tokens on two environments, production behind four eyes.
const PRODUCTION_KEY = "production-key-46-7f3a";
const STAGING_KEY = "staging-key-46-9c1d";
const BEA = { username: "bea", password: "second-admin-password-46" };

let production: FakeCatalogue;
let staging: FakeCatalogue;
let app: StandaloneApp;
let ada: string;
let bea: string;
let vic: string;
/** Every secret the app issued in this file: none may be found anywhere after its first answer. */
const issued: string[] = [];
/** Every answer's text after the creating ones. */
const answers: string[] = [];

beforeAll(async () => {
  production = await startFakeCatalogue(keepingService(PRODUCTION_KEY, ["Dogs"]));
  staging = await startFakeCatalogue(keepingService(STAGING_KEY, ["Dogs"]));
  await addAccounts();
  await addAccount({ ...BEA, role: "admin" });
  app = await startStandaloneApp({
    catalogueUrl: "",
    env: {
      CATALOGUE_API_KEY: "",
      CATALOGUE_ENVIRONMENT: "",
      CATALOGUE_PRODUCTION_URL: production.url,
      CATALOGUE_PRODUCTION_KEY: PRODUCTION_KEY,
      CATALOGUE_STAGING_URL: staging.url,
      CATALOGUE_STAGING_KEY: STAGING_KEY,
      TRUSTED_PROXIES: "127.0.0.1",
      APPROVAL_REQUIRED_FOR: "production",
      TOKEN_MAX_DAYS: "100",
    },
  });
  ada = await signInOverHttp(app.url, ADMIN);
  bea = await signInOverHttp(app.url, BEA);
  vic = await signInOverHttp(app.url, VIEWER);
}, 90_000);

afterAll(async () => {
  await app?.stop();
  await Promise.all([production?.close(), staging?.close()]);
});

type Init = { method?: string; body?: unknown; headers?: Record<string, string> };

/** As a person: the session cookie and the app's own Origin, as the pages send. */
async function asPerson(cookie: string, path: string, { method = "GET", body, headers }: Init = {}) {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: { cookie, origin: app.url, "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // Every answer but the one that issues a token, the only place its secret may be.
  if (!(method === "POST" && path === "/api/tokens")) answers.push(await response.clone().text());
  return response;
}

/** As a script: the bearer token only, no Origin. */
async function withToken(secret: string, path: string, { method = "GET", body, headers }: Init = {}) {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${secret}`, "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  answers.push(`${JSON.stringify([...response.headers])}\n${await response.clone().text()}`);
  return response;
}

const uniqueName = (prefix: string) => `${prefix}-${randomBytes(3).toString("hex")}`;

async function addServiceAccount(role: "viewer" | "admin"): Promise<string> {
  const username = uniqueName(`bot-${role}`);
  const response = await asPerson(ada, "/api/service-accounts", { method: "POST", body: { username, role } });
  expect(response.status).toBe(201);
  expect(response.headers.get("location")).toBe(`/api/service-accounts/${username}`);
  expect(await response.json()).toMatchObject({ username, role, createdBy: ADMIN.username });
  return username;
}

async function issueToken(account: string, extra: Record<string, unknown> = {}): Promise<IssuedToken> {
  const response = await asPerson(ada, "/api/tokens", {
    method: "POST",
    body: { account, name: uniqueName("ci"), ...extra },
  });
  expect(response.status).toBe(201);
  const body = (await response.json()) as IssuedToken;
  expect(response.headers.get("location")).toBe(`/api/tokens/${body.token.id}`);
  issued.push(body.secret);
  return body;
}

const create = (secret: string, name: string, environment?: string) =>
  withToken(secret, `/api/categories${environment ? `?environment=${environment}` : ""}`, {
    method: "POST",
    body: { name },
  });

async function expectInvalidToken(response: Response): Promise<void> {
  expect(response.status).toBe(401);
  expect(response.headers.get("www-authenticate")).toBe('Bearer error="invalid_token"');
  const body = (await response.json()) as Record<string, unknown>;
  expect({ code: body.code, message: body.message, status: body.status }).toEqual({
    code: "invalid_token",
    message: "The API token is not valid. It may have expired or been revoked.",
    status: 401,
  });
}

describe("a token of a service account", () => {
  it("is shown once as cat_ and 43 base64url characters, with its hint, and listed without its secret", async () => {
    const account = await addServiceAccount("viewer");
    const { token, secret } = await issueToken(account);

    expect(secret).toMatch(/^cat_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({ account, environments: null, lastUsedAt: null, hint: secret.slice(-4) });
    // 90 days by default.
    expect(Date.parse(token.expiresAt) - Date.parse(token.createdAt)).toBe(90 * 86_400_000);
    const listed = await asPerson(ada, `/api/tokens?account=${account}`);
    expect(((await listed.json()) as { tokens: ApiToken[] }).tokens).toEqual([token]);
  });

  it("of a viewer account reads the list, and is refused a create", async () => {
    const { secret } = await issueToken(await addServiceAccount("viewer"));

    const list = await withToken(secret, "/api/categories?environment=staging");
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([{ id: 1, name: "Dogs" }]);
    const refused = await create(secret, "Made by a viewer's token", "staging");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "forbidden" });
    expect(staging.requests.filter((request) => request.method === "POST")).toEqual([]);
  });

  it("of an admin account creates in staging, and History names the account and the token", async () => {
    const account = await addServiceAccount("admin");
    const { token, secret } = await issueToken(account);

    const created = await create(secret, "Wombats", "staging");
    expect(created.status).toBe(201);
    const entries = await app.auditEntries();
    expect(
      entries.find((entry) => entry.action === "category_created" && entry.details.name === "Wombats"),
    ).toMatchObject({ actor: account, details: { token: token.name, environment: "staging" } });
    // Used: lastUsedAt is set, at most once a minute.
    const [listed] = ((await (await asPerson(ada, `/api/tokens?account=${account}`)).json()) as { tokens: ApiToken[] })
      .tokens;
    expect(listed?.lastUsedAt).not.toBeNull();
    expect((await create(secret, "Wombats again", "staging")).status).toBe(201);
    const [again] = ((await (await asPerson(ada, `/api/tokens?account=${account}`)).json()) as { tokens: ApiToken[] })
      .tokens;
    expect(again?.lastUsedAt).toBe(listed?.lastUsedAt);
  });

  it("of an admin account asks for approval in production; a person approves it, a token cannot", async () => {
    const account = await addServiceAccount("admin");
    const { token, secret } = await issueToken(account);

    const response = await create(secret, "Quokkas", "production");
    expect(response.status).toBe(202);
    const { request } = (await response.json()) as { request: ChangeRequest };
    expect(request).toMatchObject({ state: "pending", requestedBy: account });
    const created = (await app.auditEntries()).find(
      (entry) => entry.action === "request_created" && entry.details.changeRequestId === request.id,
    );
    expect(created).toMatchObject({ actor: account, details: { token: token.name } });

    // Not even another admin account's token may decide it.
    const other = await issueToken(await addServiceAccount("admin"));
    const byToken = await withToken(other.secret, `/api/requests/${request.id}`, {
      method: "POST",
      body: { action: "approve" },
    });
    expect(byToken.status).toBe(403);
    expect(await byToken.json()).toMatchObject({ code: "token_not_allowed" });
    // It may follow the request.
    expect((await withToken(secret, `/api/requests/${request.id}`)).status).toBe(200);

    const approved = await asPerson(bea, `/api/requests/${request.id}`, {
      method: "POST",
      body: { action: "approve" },
    });
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ state: "approved", requestedBy: account, decidedBy: BEA.username });
    expect(production.requests.filter((sent) => sent.method === "POST").map((sent) => sent.body)).toContain(
      JSON.stringify({ name: "Quokkas" }),
    );
  });

  it("limited to staging is refused production, wherever production is named", async () => {
    const { token, secret } = await issueToken(await addServiceAccount("admin"), { environments: ["staging"] });
    expect(token.environments).toEqual(["staging"]);

    expect((await withToken(secret, "/api/categories?environment=staging")).status).toBe(200);
    for (const response of [
      await withToken(secret, "/api/categories"),
      await create(secret, "Not in production", "production"),
      await withToken(secret, "/api/compare"),
      await withToken(secret, "/api/promotions", {
        method: "POST",
        body: { from: "staging", to: "production", ids: ["1"] },
      }),
    ]) {
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: "environment_not_allowed" });
    }
    expect(production.requests.filter((sent) => sent.method === "POST").map((sent) => sent.body)).not.toContain(
      JSON.stringify({ name: "Not in production" }),
    );
  });

  it("acts as its account whatever cookie comes with it, and needs no Origin (nor the right one)", async () => {
    const { secret } = await issueToken(await addServiceAccount("viewer"));

    const fromElsewhere = await withToken(secret, "/api/categories?environment=staging", {
      headers: { origin: "https://elsewhere.example", "sec-fetch-site": "cross-site", cookie: ada },
    });
    expect(fromElsewhere.status).toBe(200);
    const adminCookie = await withToken(secret, "/api/categories?environment=staging", {
      method: "POST",
      body: { name: "Made with an admin's cookie" },
      headers: { cookie: ada },
    });
    expect(adminCookie.status).toBe(403);
  });
});

describe("a bearer token that is not valid", () => {
  it("gets the same 401 whether malformed, unknown, expired, revoked or of a removed account", async () => {
    const revokedAccount = await addServiceAccount("admin");
    const revoked = await issueToken(revokedAccount);
    expect((await withToken(revoked.secret, "/api/categories?environment=staging")).status).toBe(200);
    const revoke = await asPerson(ada, `/api/tokens/${revoked.token.id}`, { method: "DELETE" });
    expect(revoke.status).toBe(204);

    const removedAccount = await addServiceAccount("admin");
    const ofRemoved = await issueToken(removedAccount);
    expect((await withToken(ofRemoved.secret, "/api/categories?environment=staging")).status).toBe(200);
    const remove = await asPerson(ada, `/api/service-accounts/${removedAccount}`, { method: "DELETE" });
    expect(remove.status).toBe(204);

    // A fraction of a day: about 0.9 s.
    const expiring = await issueToken(await addServiceAccount("admin"), { expiresInDays: 0.00001 });
    expect((await withToken(expiring.secret, "/api/categories?environment=staging")).status).toBe(200);
    await sleep(Math.max(0, Date.parse(expiring.token.expiresAt) - Date.now()) + 100);

    const unknown = `cat_${randomBytes(32).toString("base64url")}`;
    for (const secret of [revoked.secret, ofRemoved.secret, expiring.secret, unknown, "not-a-token", ""])
      await expectInvalidToken(await withToken(secret, "/api/categories?environment=staging"));
    expect((await asPerson(ada, `/api/tokens/${revoked.token.id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("counts against its address, as a wrong password does, until sign-ins from there are held back", async () => {
    const address = `10.46.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    for (let i = 0; i < 10; i++)
      await expectInvalidToken(
        await withToken(`cat_${randomBytes(32).toString("base64url")}`, "/api/categories", {
          headers: { "x-forwarded-for": address },
        }),
      );

    const signIn = await fetch(`${app.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address },
      body: JSON.stringify(VIEWER),
    });
    expect(signIn.status).toBe(429);
  });
});

describe("what only people do", () => {
  it("a token can neither manage service accounts, tokens or webhooks nor sign in, stream events or read History", async () => {
    const account = await addServiceAccount("admin");
    const { token, secret } = await issueToken(account);

    const refusals = [
      await withToken(secret, "/api/service-accounts"),
      await withToken(secret, "/api/service-accounts", {
        method: "POST",
        body: { username: "more-bots", role: "admin" },
      }),
      await withToken(secret, `/api/service-accounts/${account}`, { method: "PATCH", body: { role: "viewer" } }),
      await withToken(secret, "/api/tokens"),
      await withToken(secret, "/api/tokens", { method: "POST", body: { account, name: "another" } }),
      await withToken(secret, `/api/tokens/${token.id}`, { method: "DELETE" }),
      await withToken(secret, "/api/events"),
      await withToken(secret, "/api/auth/session"),
      await withToken(secret, "/api/auth/login", { method: "POST", body: ADMIN }),
      await withToken(secret, "/api/audit"),
      await withToken(secret, "/api/webhooks"),
      await withToken(secret, "/api/webhooks", {
        method: "POST",
        body: { name: "out", url: "https://hooks.example.com/x", format: "standard", events: ["category.created"] },
      }),
    ];
    for (const response of refusals) {
      expect(response.status, response.url).toBe(403);
      expect(await response.json()).toMatchObject({ code: "token_not_allowed" });
    }
    expect((await withToken(secret, "/api/categories?environment=staging")).status).toBe(200);
  });

  it("no service account signs in, with any password: the answer is an unknown name's", async () => {
    const account = await addServiceAccount("admin");
    const signIn = (username: string, password: string) =>
      fetch(`${app.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `10.47.0.${randomBytes(1)[0]}` },
        body: JSON.stringify({ username, password }),
      });

    const asAccountWithPassword = await signIn(account, "any password at all");
    const asNobody = await signIn(uniqueName("nobody"), "any password at all");
    // All but the request id, which is each request's own.
    const strip = async (response: Response) => {
      const body = (await response.json()) as Record<string, unknown>;
      return { status: response.status, code: body.code, message: body.message };
    };
    const nobody = await strip(asNobody);
    expect(nobody.status).toBe(401);
    expect(await strip(asAccountWithPassword)).toEqual(nobody);
  });

  it("viewers manage neither; names are one per account; a token lasts at most TOKEN_MAX_DAYS", async () => {
    expect((await asPerson(vic, "/api/service-accounts")).status).toBe(403);
    expect((await asPerson(vic, "/api/tokens", { method: "POST", body: { account: "x", name: "y" } })).status).toBe(
      403,
    );

    const account = await addServiceAccount("viewer");
    for (const username of [ADMIN.username, account]) {
      const taken = await asPerson(ada, "/api/service-accounts", {
        method: "POST",
        body: { username, role: "viewer" },
      });
      expect(taken.status).toBe(409);
      expect(await taken.json()).toMatchObject({ code: "username_taken" });
    }

    const tooLong = await asPerson(ada, "/api/tokens", {
      method: "POST",
      body: { account, name: "long", expiresInDays: 100.5 },
    });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({
      code: "invalid_request",
      fields: { expiresInDays: expect.any(String) },
    });
    const ofPerson = await asPerson(ada, "/api/tokens", {
      method: "POST",
      body: { account: ADMIN.username, name: "x" },
    });
    expect(ofPerson.status).toBe(400);
    expect(await ofPerson.json()).toMatchObject({ fields: { account: expect.any(String) } });
    expect((await issueToken(account, { expiresInDays: 99.5 })).token.account).toBe(account);
  });

  it("a role changed or an account removed counts at the token's next request, and each change is in History", async () => {
    const account = await addServiceAccount("admin");
    const { secret } = await issueToken(account);
    expect((await create(secret, "Before the change", "staging")).status).toBe(201);

    const changed = await asPerson(ada, `/api/service-accounts/${account}`, {
      method: "PATCH",
      body: { role: "viewer" },
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ username: account, role: "viewer" });
    expect((await create(secret, "After the change", "staging")).status).toBe(403);

    const actions = (await app.auditEntries())
      .filter((entry) => entry.details.account === account)
      .map((entry) => [entry.action, entry.actor]);
    expect(actions).toEqual([
      ["service_account_created", ADMIN.username],
      ["token_created", ADMIN.username],
      ["service_account_changed", ADMIN.username],
    ]);
    expect((await asPerson(ada, "/api/service-accounts/nobody-here", { method: "DELETE" })).status).toBe(404);
  });
});

describe("the secret", () => {
  it("appears in no later answer, no log line and no row", async () => {
    expect(issued.length).toBeGreaterThan(5);
    const rows = await databaseRows(process.env.DATABASE_URL ?? "");
    const places = [...answers, app.output(), ...rows];
    expect(rows.some((row) => row.includes('"hint"'))).toBe(true);
    const leaks = issued.filter((secret) => places.some((text) => text.includes(secret)));
    expect(leaks).toEqual([]);
  });
});
