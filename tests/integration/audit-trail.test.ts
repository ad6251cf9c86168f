import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ADMIN, VIEWER, addAccount, addAccounts, signIn } from "../support/auth-fixture";
import { ORIGIN, stubAppEnv } from "../support/app-env";
import { type FakeCatalogue, json, startFakeCatalogue } from "../support/fake-catalogue";
import { testDb } from "../support/test-database";
import { MAX_FIELD_CHARS } from "@/lib/server/db/audit-text";

const DAY_MS = 24 * 60 * 60_000;
let fake: FakeCatalogue;

async function load(env: Record<string, string> = {}) {
  stubAppEnv({ CATALOGUE_API_URL: fake.url, CATALOGUE_TIMEOUT_MS: "400", CATALOGUE_BREAKER_FAILURES: "0", ...env });
  return {
    trail: await import("@/lib/server/audit/audit-trail"),
    retention: await import("@/lib/server/audit/audit-retention"),
    refusals: await import("@/lib/server/audit/refusal-counter"),
    categories: await import("@/app/api/categories/route"),
    audit: await import("@/app/api/audit/route"),
    auditExport: await import("@/app/api/audit/export/route"),
    login: await import("@/app/api/auth/login/route"),
    logout: await import("@/app/api/auth/logout/route"),
  };
}

type Row = { action: string; actor: string | null; requestId: string | null; details: Record<string, unknown> };

/** What the table holds, oldest first. */
async function entries(): Promise<Row[]> {
  return (
    await testDb.query('SELECT action, actor, request_id AS "requestId", details FROM audit_events ORDER BY time, id')
  ).rows;
}

const anonymousPost = (address: string) =>
  new Request(`${ORIGIN}/api/categories`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-client-address": address },
    body: JSON.stringify({ name: "x" }),
  });

const post = (cookie: string, body: unknown) =>
  new Request(`${ORIGIN}/api/categories`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify(body),
  });

const readAudit = async (routes: Awaited<ReturnType<typeof load>>, cookie: string, query = "") => {
  const response = await routes.audit.GET(new Request(`${ORIGIN}/api/audit${query}`, { headers: { cookie } }));
  return { status: response.status, body: await response.json() };
};

beforeAll(async () => {
  fake = await startFakeCatalogue();
  await addAccounts();
});
afterAll(() => fake.close());
// Each test reads the trail from empty.
beforeEach(async () => {
  fake.requests.length = 0;
  await testDb.query("TRUNCATE audit_events, sign_in_failures");
});

describe("audit under a flood", () => {
  it("counts refusals without a session: one entry per address and reason, with the count, not one per request", async () => {
    const { categories, refusals } = await load();
    for (let i = 0; i < 20; i++) expect((await categories.POST(anonymousPost("203.0.113.5"))).status).toBe(401);
    for (let i = 0; i < 3; i++) await categories.POST(anonymousPost("203.0.113.6"));
    expect(await entries()).toEqual([]);

    await refusals.flushRefusals();
    const written = await entries();
    expect(written).toHaveLength(2);
    expect(written).toContainEqual(
      expect.objectContaining({
        action: "refused",
        details: expect.objectContaining({ reason: "unauthenticated", address: "203.0.113.5", count: 20 }),
      }),
    );
    expect(written).toContainEqual(
      expect.objectContaining({
        action: "refused",
        details: expect.objectContaining({ reason: "unauthenticated", address: "203.0.113.6", count: 3 }),
      }),
    );
  });

  it("counts cross-site refusals and attempts refused by the throttle the same way; each failure before them is written", async () => {
    const { categories, login, refusals } = await load();
    // An account with a cheap hash: a wrong password for it costs next to nothing, an unknown user a full scrypt.
    await addAccount({ username: "guess", role: "viewer", password: "the-right-password" });
    const crossSite = new Request(`${ORIGIN}/api/categories`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: "https://evil.example",
        "x-client-address": "203.0.113.7",
      },
      body: JSON.stringify({ name: "x" }),
    });
    expect((await categories.POST(crossSite)).status).toBe(403);
    const badSignIn = () =>
      login.POST(
        new Request(`${ORIGIN}/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-client-address": "203.0.113.8" },
          body: JSON.stringify({ username: "guess", password: "wrong-password" }),
        }),
      );
    for (let i = 0; i < 10; i++) expect((await badSignIn()).status).toBe(401);
    for (let i = 0; i < 4; i++) expect((await badSignIn()).status).toBe(429);
    expect((await entries()).map(({ action }) => action)).toEqual(Array(10).fill("sign_in_failed"));

    await refusals.flushRefusals();
    const counted = (await entries()).filter(({ action }) => action === "refused").map(({ details }) => details);
    expect(counted).toEqual([
      expect.objectContaining({ reason: "csrf_rejected", address: "203.0.113.7", count: 1 }),
      expect.objectContaining({ reason: "too_many_attempts", address: "203.0.113.8", count: 4 }),
    ]);
  }, 30_000);

  it("writes a signed-in person's forbidden request on its own, with who, method and path", async () => {
    const { audit, login } = await load();
    const cookie = await signIn(login, VIEWER);
    expect((await audit.GET(new Request(`${ORIGIN}/api/audit`, { headers: { cookie } }))).status).toBe(403);
    expect((await entries()).filter(({ action }) => action === "forbidden")).toEqual([
      expect.objectContaining({
        actor: VIEWER.username,
        details: expect.objectContaining({ method: "GET", path: "/api/audit" }),
      }),
    ]);
  });

  it("writes real events one by one: sign-in, a failed sign-in with the username tried, sign-out", async () => {
    const { login, logout } = await load();
    const failed = await login.POST(
      new Request(`${ORIGIN}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-client-address": "198.51.100.40" },
        body: JSON.stringify({ username: "mallory-tried-this", password: "guess" }),
      }),
    );
    expect(failed.status).toBe(401);
    const cookie = await signIn(login, ADMIN);
    await logout.POST(new Request(`${ORIGIN}/api/auth/logout`, { method: "POST", headers: { cookie } }));

    expect((await entries()).map(({ action, actor }) => [action, actor])).toEqual([
      ["sign_in_failed", "mallory-tried-this"],
      ["signed_in", ADMIN.username],
      ["signed_out", ADMIN.username],
    ]);
  });
});

describe("a create's entry", () => {
  it("is written before the create is sent, and completed with the id, who, environment and request id", async () => {
    const routes = await load({ CATALOGUE_ENVIRONMENT: "staging" });
    const cookie = await signIn(routes.login, ADMIN);
    let seenByCatalogue: Row[] = [];
    fake.reply(() => ({ ...json(201, { id: 77, name: "audited" }), delayMs: 300 }));
    const pending = routes.categories.POST(post(cookie, { name: "audited" }));
    // While the catalogue has the create, the trail already says it was asked for.
    await vi.waitFor(() => expect(fake.requests.some((request) => request.method === "POST")).toBe(true));
    seenByCatalogue = (await entries()).filter(({ action }) => action.startsWith("category_create"));
    const response = await pending;
    expect(response.status).toBe(201);
    expect(seenByCatalogue.map(({ action }) => action)).toEqual(["category_create_requested"]);
    expect((await entries()).filter(({ action }) => action.startsWith("category_create"))).toEqual([
      {
        action: "category_created",
        actor: ADMIN.username,
        requestId: response.headers.get("x-request-id"),
        details: { name: "audited", categoryId: "77", environment: "staging" },
      },
    ]);
  });

  it("keeps a name with a NUL character (which PostgreSQL text cannot hold) as the symbol for it, and the create goes through", async () => {
    const routes = await load();
    const cookie = await signIn(routes.login, ADMIN);
    fake.reply(() => json(201, { id: 80, name: "nul\u0000name" }));
    expect((await routes.categories.POST(post(cookie, { name: "nul\u0000name" }))).status).toBe(201);
    const [entry] = (await entries()).filter(({ action }) => action === "category_created");
    expect(entry?.details).toMatchObject({ name: "nul\u2400name", categoryId: "80" });
  });

  it("keeps a long name cut between characters, and a lone half of a surrogate pair as U+FFFD; both creates go through", async () => {
    const routes = await load();
    const cookie = await signIn(routes.login, ADMIN);
    const long = `${"a".repeat(MAX_FIELD_CHARS - 1)}😀 and more`;
    for (const [id, name] of [
      ["81", long],
      ["82", "half \ud800 pair"],
    ] as const) {
      fake.reply(() => json(201, { id: Number(id), name }));
      expect((await routes.categories.POST(post(cookie, { name }))).status).toBe(201);
    }
    const created = (await entries())
      .filter(({ action }) => action === "category_created")
      .map(({ details }) => details);
    expect(created).toEqual([
      expect.objectContaining({
        categoryId: "81",
        name: `${"a".repeat(MAX_FIELD_CHARS - 1)}…`,
        truncated: 1,
      }),
      expect.objectContaining({ categoryId: "82", name: "half \ufffd pair" }),
    ]);
  });

  it("is completed with the failure when the catalogue refuses the create", async () => {
    const routes = await load();
    const cookie = await signIn(routes.login, ADMIN);
    fake.reply(() => json(500, { code: "boom", message: "boom", status: 500 }));
    const response = await routes.categories.POST(post(cookie, { name: "refused upstream" }));
    expect(response.status).toBeGreaterThanOrEqual(500);
    const [entry] = (await entries()).filter(({ action }) => action.startsWith("category_create"));
    expect(entry).toMatchObject({
      action: "category_create_failed",
      details: { name: "refused upstream", reason: (await response.json()).code },
    });
  });

  it("records a create refused before it was sent (invalid input) with who and why", async () => {
    const routes = await load();
    const cookie = await signIn(routes.login, ADMIN);
    const response = await routes.categories.POST(post(cookie, { name: "" }));
    expect(response.status).toBe(400);
    expect(fake.requests).toEqual([]);
    expect((await entries()).filter(({ action }) => action.startsWith("category_create"))).toEqual([
      expect.objectContaining({
        action: "category_create_refused",
        actor: ADMIN.username,
        details: expect.objectContaining({ reason: "invalid_request" }),
      }),
    ]);
  });

  it("when it cannot be written, the create is not sent and the answer is 503 store_unavailable", async () => {
    const routes = await load();
    const cookie = await signIn(routes.login, ADMIN);
    await testDb.query("ALTER TABLE audit_events RENAME TO audit_events_away");
    try {
      const response = await routes.categories.POST(post(cookie, { name: "never sent" }));
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ code: "store_unavailable", status: 503 });
      expect(response.headers.get("retry-after")).toBe("5");
    } finally {
      await testDb.query("ALTER TABLE audit_events_away RENAME TO audit_events");
    }
    expect(fake.requests.filter((request) => request.method === "POST")).toEqual([]);
  });

  it("a create the service applied is still a 201 when its entry cannot be completed", async () => {
    const routes = await load();
    const cookie = await signIn(routes.login, ADMIN);
    fake.reply(() => ({ ...json(201, { id: 79, name: "kept" }), delayMs: 300 }));
    const pending = routes.categories.POST(post(cookie, { name: "kept" }));
    await vi.waitFor(() => expect(fake.requests.some((request) => request.method === "POST")).toBe(true));
    await testDb.query("ALTER TABLE audit_events RENAME TO audit_events_away");
    try {
      expect((await pending).status).toBe(201);
    } finally {
      await testDb.query("ALTER TABLE audit_events_away RENAME TO audit_events");
    }
  });
});

describe("reading the audit trail", () => {
  it("caps each field, and says so, so one huge name cannot blank the view", async () => {
    const routes = await load();
    await routes.trail.recordAudit({
      action: "category_created",
      actor: ADMIN.username,
      requestId: "r1",
      details: { name: "n".repeat(600 * 1024) },
    });
    const [entry] = await entries();
    expect(String(entry?.details.name)).toHaveLength(MAX_FIELD_CHARS + 1);
    expect(entry?.details).toMatchObject({ truncated: 1 });

    const cookie = await signIn(routes.login, ADMIN);
    const { body } = await readAudit(routes, cookie);
    expect(body.entries.map(({ action }: { action: string }) => action)).toEqual(["signed_in", "category_created"]);
  });

  it("pages through every entry newest first, none missing or repeated, also when many share one millisecond", async () => {
    const routes = await load();
    const time = new Date();
    for (let i = 0; i < 120; i++) {
      await routes.trail.recordAudit({
        action: "category_created",
        actor: ADMIN.username,
        requestId: `r${i}`,
        details: { categoryId: String(i) },
        time: i < 60 ? time : undefined,
      });
    }
    const cookie = await signIn(routes.login, ADMIN);

    const seen: string[] = [];
    let older: string | null = null;
    do {
      const { body } = await readAudit(
        routes,
        cookie,
        `?limit=50&action=category_created${older ? `&before=${older}` : ""}`,
      );
      expect(body.entries.length).toBeLessThanOrEqual(50);
      seen.push(...body.entries.map((entry: { details: { categoryId: string } }) => entry.details.categoryId));
      older = body.older;
    } while (older);

    expect(seen).toEqual(Array.from({ length: 120 }, (_, i) => String(119 - i)));
  });

  it("pages back towards the newest with after=, each page newest first, and says where no page is left", async () => {
    const routes = await load();
    for (let i = 0; i < 7; i++)
      await routes.trail.recordAudit({ action: "category_created", details: { categoryId: String(i) } });
    const cookie = await signIn(routes.login, ADMIN);
    const ids = (body: { entries: { details: { categoryId: string } }[] }) =>
      body.entries.map((entry) => entry.details.categoryId);

    const first = (await readAudit(routes, cookie, "?limit=3&action=category_created")).body;
    expect([ids(first), first.newer]).toEqual([["6", "5", "4"], null]);
    const second = (await readAudit(routes, cookie, `?limit=3&action=category_created&before=${first.older}`)).body;
    const third = (await readAudit(routes, cookie, `?limit=3&action=category_created&before=${second.older}`)).body;
    expect([ids(second), ids(third), third.older]).toEqual([["3", "2", "1"], ["0"], null]);

    // Two events arrive while the person reads older pages: going back shows each event once, the new ones last.
    await routes.trail.recordAudit(
      { action: "category_created", details: { categoryId: "7" } },
      { action: "category_created", details: { categoryId: "8" } },
    );
    const back = (await readAudit(routes, cookie, `?limit=3&action=category_created&after=${third.newer}`)).body;
    const backAgain = (await readAudit(routes, cookie, `?limit=3&action=category_created&after=${back.newer}`)).body;
    const newest = (await readAudit(routes, cookie, `?limit=3&action=category_created&after=${backAgain.newer}`)).body;
    expect([ids(back), ids(backAgain), ids(newest), newest.newer]).toEqual([
      ["3", "2", "1"],
      ["6", "5", "4"],
      ["8", "7"],
      null,
    ]);
    expect(
      ids((await readAudit(routes, cookie, `?limit=3&action=category_created&before=${newest.older}`)).body),
    ).toEqual(["6", "5", "4"]);
  });

  it("finds a category by its id or any part of its name, ignoring case, and a category's own events by category=", async () => {
    const routes = await load();
    await routes.trail.recordAudit(
      { action: "category_created", actor: "ann", details: { categoryId: "12", name: "Maine Coon" } },
      { action: "category_created", actor: "ann", details: { categoryId: "120", name: "Shiba 12" } },
      { action: "category_create_failed", actor: "bob", details: { name: "50%_off\\sale" } },
      { action: "signed_in", actor: "maine" },
    );
    const cookie = await signIn(routes.login, ADMIN);
    const names = async (query: string) =>
      (await readAudit(routes, cookie, query)).body.entries.map((entry: Row) => entry.details.name ?? entry.actor);

    expect(await names("?q=coon")).toEqual(["Maine Coon"]);
    expect(await names("?q=%20MAINE%20")).toEqual(["Maine Coon"]);
    expect(await names("?q=12")).toEqual(["Shiba 12", "Maine Coon"]);
    expect(await names("?category=12")).toEqual(["Maine Coon"]);
    // LIKE's own characters are text here, not wildcards.
    expect(await names("?q=%25_")).toEqual(["50%_off\\sale"]);
    expect(await names("?q=0%25")).toEqual(["50%_off\\sale"]);
    expect(await names("?q=f%5Cs")).toEqual(["50%_off\\sale"]);
    expect(await names("?q=o_f")).toEqual([]);
  });

  it("filters by actor, action and time range (from inclusive, to exclusive)", async () => {
    const routes = await load();
    const now = Date.now();
    const at = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000);
    await routes.trail.recordAudit(
      { action: "signed_in", actor: "ann", time: at(5) },
      { action: "category_created", actor: "ann", details: { categoryId: "1" }, time: at(4) },
      { action: "category_created", actor: "bob", details: { categoryId: "2" }, time: at(3) },
      { action: "signed_out", actor: "ann", time: at(2) },
    );
    const cookie = await signIn(routes.login, ADMIN);
    const actions = async (query: string) =>
      (await readAudit(routes, cookie, query)).body.entries.map((entry: Row) => `${entry.actor} ${entry.action}`);

    expect(await actions("?actor=ann")).toEqual(["ann signed_out", "ann category_created", "ann signed_in"]);
    expect(await actions("?action=category_created")).toEqual(["bob category_created", "ann category_created"]);
    expect(await actions(`?from=${at(4).toISOString()}&to=${at(2).toISOString()}`)).toEqual([
      "bob category_created",
      "ann category_created",
    ]);
    expect(await actions(`?actor=ann&action=category_created&from=${at(6).toISOString()}`)).toEqual([
      "ann category_created",
    ]);
  });

  it("filters by an actor holding U+0000 without failing, finding the entries stored for it", async () => {
    const routes = await load();
    await routes.trail.recordAudit({ action: "sign_in_failed", actor: "odd\u0000name" });
    const cookie = await signIn(routes.login, ADMIN);
    const { status, body } = await readAudit(routes, cookie, "?actor=odd%00name");
    expect(status).toBe(200);
    expect(body.entries.map((entry: Row) => entry.actor)).toEqual(["odd\u2400name"]);
  });

  it("answers 400 for a bad cursor, limit, action or time", async () => {
    const routes = await load();
    const cookie = await signIn(routes.login, ADMIN);
    for (const query of [
      "?limit=0",
      "?limit=501",
      "?limit=ten",
      "?before=-1",
      "?before=abc",
      "?before=1.9999999999999999999",
      "?action=deleted_everything",
      "?from=yesterday",
      "?q=%20",
      "?category=dog",
      "?before=1.1&after=1.1",
    ]) {
      const { status, body } = await readAudit(routes, cookie, query);
      expect(status, query).toBe(400);
      expect(body).toMatchObject({ code: "invalid_request", status: 400 });
    }
  });
});

describe("export", () => {
  it("streams every event under the filters as spreadsheet-safe CSV, newest first, in batches past the first", async () => {
    const routes = await load();
    const start = Date.now() - 3_000_000;
    // More than one batch of the reader, so the stream must go on past its first.
    const many = Array.from({ length: 1_005 }, (_, i) => ({
      action: "category_created" as const,
      actor: "ann",
      requestId: `r${i}`,
      details: { categoryId: String(i), name: i === 1_004 ? '=HYPERLINK("x")' : `Breed ${i}` },
      time: new Date(start + i * 1_000),
    }));
    await routes.trail.recordAudit(...many, {
      action: "signed_in",
      actor: "bob",
      details: { address: "203.0.113.9" },
      time: new Date(start),
    });
    const cookie = await signIn(routes.login, ADMIN);

    const response = await routes.auditExport.GET(
      new Request(`${ORIGIN}/api/audit/export?actor=ann`, { headers: { cookie } }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="history-[\d-]+T\d{4}\.csv"$/);
    // Decoded keeping the byte-order mark, which text() would drop.
    const lines = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer()).split("\r\n");
    expect(lines[0]).toBe("\uFEFFtime,person,event,environment,category id,category name,details,request id");
    expect(lines.at(-1)).toBe("");
    expect(lines).toHaveLength(1 + 1_005 + 1);
    expect(lines[1]).toBe(
      `${new Date(start + 1_004_000).toISOString()},ann,Created category,Production,1004,"'=HYPERLINK(""x"")",with the form,r1004`,
    );
    expect(lines[1_005]).toBe(
      `${new Date(start).toISOString()},ann,Created category,Production,0,Breed 0,with the form,r0`,
    );
    expect(new Set(lines.slice(1, -1).map((line) => line.split(",")[4])).size).toBe(1_005);
  });

  it("answers 400 for a bad filter and 403 for a viewer, before any CSV", async () => {
    const routes = await load();
    const admin = await signIn(routes.login, ADMIN);
    const bad = await routes.auditExport.GET(
      new Request(`${ORIGIN}/api/audit/export?action=nothing`, { headers: { cookie: admin } }),
    );
    expect([bad.status, (await bad.json()).code]).toEqual([400, "invalid_request"]);
    const viewer = await signIn(routes.login, VIEWER);
    expect(
      (await routes.auditExport.GET(new Request(`${ORIGIN}/api/audit/export`, { headers: { cookie: viewer } }))).status,
    ).toBe(403);
  });
});

describe("the environment of each event", () => {
  // Staging is the fake catalogue; nothing here is sent to production.
  const both = () => ({
    CATALOGUE_API_URL: "",
    CATALOGUE_API_KEY: "",
    CATALOGUE_PRODUCTION_URL: "http://127.0.0.1:9/v1",
    CATALOGUE_PRODUCTION_KEY: "production-key",
    CATALOGUE_STAGING_URL: fake.url,
    CATALOGUE_STAGING_KEY: "staging-key",
  });
  const environments = async () =>
    (await entries()).map(({ action, details }) => `${action} ${String(details.environment ?? "none")}`);

  it("with both environments: an event about one names it, and an event about none (a sign-in) names none", async () => {
    const routes = await load(both());
    const cookie = await signIn(routes.login, ADMIN);
    fake.reply(() => json(201, { id: 5, name: "Newts" }));
    const created = await routes.categories.POST(
      new Request(`${ORIGIN}/api/categories?environment=staging`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ name: "Newts" }),
      }),
    );
    expect(created.status).toBe(201);
    await routes.trail.recordAudit({
      action: "import_started",
      details: { importId: "i1", environment: "production" },
    });
    expect(await environments()).toEqual(["signed_in none", "category_created staging", "import_started production"]);
  });

  it("with one environment: every event names it as its badge does, and ?environment= of that one finds them", async () => {
    const routes = await load({ CATALOGUE_ENVIRONMENT: "local" });
    const cookie = await signIn(routes.login, ADMIN);
    // A create names its catalogue environment, production; the trail keeps what the badge says, as for a sign-in.
    await routes.trail.recordAudit({
      action: "category_created",
      details: { categoryId: "1", environment: "production" },
    });
    expect(await environments()).toEqual(["signed_in local", "category_created local"]);
    const { body } = await readAudit(routes, cookie, "?environment=production");
    expect(body.entries.map(({ action }: Row) => action)).toEqual(["category_created", "signed_in"]);
    expect((await readAudit(routes, cookie, "?environment=staging")).status).toBe(404);
  });

  it("filters GET /api/audit and its export by environment, and the export has the environment column", async () => {
    const routes = await load(both());
    await routes.trail.recordAudit(
      { action: "category_created", actor: "ann", details: { categoryId: "1", name: "Dogs", environment: "staging" } },
      {
        action: "category_created",
        actor: "ann",
        details: { categoryId: "2", name: "Cats", environment: "production" },
      },
      { action: "signed_out", actor: "ann" },
    );
    const cookie = await signIn(routes.login, ADMIN);
    const names = async (query: string) =>
      (await readAudit(routes, cookie, query)).body.entries.map((entry: Row) => entry.details.name ?? entry.action);

    expect(await names("?environment=staging")).toEqual(["Dogs"]);
    expect(await names("?environment=production&actor=ann")).toEqual(["Cats"]);
    expect(await names("?actor=ann")).toEqual(["signed_out", "Cats", "Dogs"]);

    const exported = await routes.auditExport.GET(
      new Request(`${ORIGIN}/api/audit/export?environment=staging`, { headers: { cookie } }),
    );
    const lines = (await exported.text()).split("\r\n");
    expect(lines[0]).toBe("time,person,event,environment,category id,category name,details,request id");
    expect(lines.slice(1, -1).map((line) => line.split(",").slice(1, 6))).toEqual([
      ["ann", "Created category", "Staging", "1", "Dogs"],
    ]);
  });

  it("answers an environment it does not serve with 404 environment_not_configured, the API and the export alike", async () => {
    const routes = await load(both());
    const cookie = await signIn(routes.login, ADMIN);
    for (const value of ["qa", "", "Staging", "local"]) {
      const { status, body } = await readAudit(routes, cookie, `?environment=${value}`);
      expect([status, body.code], value).toEqual([404, "environment_not_configured"]);
      const exported = await routes.auditExport.GET(
        new Request(`${ORIGIN}/api/audit/export?environment=${value}`, { headers: { cookie } }),
      );
      expect([exported.status, (await exported.json()).code], value).toEqual([404, "environment_not_configured"]);
    }
  });
});

describe("retention", () => {
  it("sweeps entries older than AUDIT_RETENTION_DAYS and keeps the rest", async () => {
    const routes = await load();
    const now = Date.now();
    await routes.trail.recordAudit(
      { action: "signed_in", actor: "old", time: new Date(now - 401 * DAY_MS) },
      { action: "signed_in", actor: "recent", time: new Date(now - 399 * DAY_MS) },
      { action: "signed_in", actor: "today", time: new Date(now) },
    );
    expect(await routes.retention.sweepAudit(400, now)).toBe(1);
    expect((await entries()).map(({ actor }) => actor)).toEqual(["recent", "today"]);
  });
});
