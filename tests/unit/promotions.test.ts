import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { errorBodySchema } from "@/lib/shared/schemas";
import { promotionWithRowsSchema } from "@/lib/shared/promotion-schemas";
import { ADMIN, VIEWER, addAccounts, signIn } from "../support/auth-fixture";
import { ORIGIN, stubAppEnv } from "../support/app-env";
import { type FakeCatalogue, type RecordedRequest, json, startFakeCatalogue } from "../support/fake-catalogue";
import { eventually } from "../support/probes";

// Promotions against two real catalogue services on loopback, each keeping what it creates, run by the real queue.
type Stored = { id: number; name: string; description?: string };
const STAGING_KEY = "staging-key-promote-51c2";
const PRODUCTION_KEY = "production-key-promote-9e07";
let staging: FakeCatalogue;
let production: FakeCatalogue;
const lists: { staging: Stored[]; production: Stored[] } = { staging: [], production: [] };
let nextId = 5000;
// Names whose create is applied but whose response is cut: a lost answer.
let cutNames = new Set<string>();

function serve(environment: "staging" | "production", key: string) {
  return (request: RecordedRequest) => {
    if (request.headers.authorization !== `Bearer ${key}`)
      return json(401, { code: "unauthorized", message: "wrong key", status: 401 });
    if (request.method === "GET") return json(200, lists[environment]);
    const body = JSON.parse(request.body) as { name: string; description?: string };
    const created = { id: nextId++, ...body };
    lists[environment].push(created);
    if (cutNames.has(body.name)) return { reset: "before-headers" as const };
    return { ...json(201, created), delayMs: 10 };
  };
}

let adminCookie: string;
let viewerCookie: string;

beforeAll(async () => {
  [staging, production] = await Promise.all([startFakeCatalogue(), startFakeCatalogue()]);
  staging.reply(serve("staging", STAGING_KEY));
  production.reply(serve("production", PRODUCTION_KEY));
  await addAccounts();
  stubAppEnv({
    CATALOGUE_API_URL: "",
    CATALOGUE_API_KEY: "",
    CATALOGUE_STAGING_URL: staging.url,
    CATALOGUE_STAGING_KEY: STAGING_KEY,
    CATALOGUE_PRODUCTION_URL: production.url,
    CATALOGUE_PRODUCTION_KEY: PRODUCTION_KEY,
    CATALOGUE_TIMEOUT_MS: "2000",
    CATALOGUE_BREAKER_FAILURES: "0",
    IMPORT_CONCURRENCY: "3",
  });
  const login = await import("@/app/api/auth/login/route");
  adminCookie = await signIn(login, ADMIN);
  viewerCookie = await signIn(login, VIEWER);
});
afterAll(async () => {
  const { stopImportWorker } = await import("@/lib/server/imports/import-queue");
  await stopImportWorker(5_000);
  await Promise.all([staging.close(), production.close()]);
});
beforeEach(() => {
  lists.staging = [
    { id: 1, name: "Dog", description: "Loyal" },
    { id: 2, name: "Axolotl", description: "Smiles" },
    { id: 3, name: "Quokka" },
    { id: 4, name: "cat" },
    { id: 5, name: "Kiwi", description: "Flightless" },
  ];
  lists.production = [
    { id: 101, name: "dog ", description: "Loyal" },
    { id: 102, name: "Cat", description: "Purrs" },
    { id: 103, name: "Emu" },
  ];
  cutNames = new Set();
  staging.requests.length = 0;
  production.requests.length = 0;
});

const promotions = await import("@/app/api/promotions/route");
const promotionRoute = await import("@/app/api/promotions/[id]/route");
const results = await import("@/app/api/promotions/[id]/results/route");
const { query } = await import("@/lib/server/db/database");

function post(body: unknown, cookie = adminCookie) {
  return promotions.POST(
    new Request(`${ORIGIN}/api/promotions`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: ORIGIN },
      body: JSON.stringify(body),
    }),
  );
}

const params = (id: string) => ({ params: Promise.resolve({ id }) });

async function read(id: string) {
  const response = await promotionRoute.GET(
    new Request(`${ORIGIN}/api/promotions/${id}`, { headers: { cookie: adminCookie } }),
    params(id),
  );
  return promotionWithRowsSchema.parse(await response.json());
}

async function ended(id: string) {
  expect(await eventually(async () => ["finished", "cancelled"].includes((await read(id)).state), 20_000)).toBe(true);
  return read(id);
}

const posts = (fake: FakeCatalogue) =>
  fake.requests
    .filter((request) => request.method === "POST")
    .map((request) => (JSON.parse(request.body) as { name: string }).name);

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  const body = errorBodySchema.parse(await response.json());
  expect(body).toMatchObject({ code, status });
  return body;
}

describe("POST /api/promotions", () => {
  it("creates the chosen categories in production, skipping a name production has, and records each", async () => {
    const response = await post({ from: "staging", to: "production", ids: ["2", "3", "4"] });
    expect(response.status).toBe(201);
    const started = promotionWithRowsSchema.parse(await response.json());
    expect(response.headers.get("location")).toBe(`/api/promotions/${started.id}`);
    expect(started).toMatchObject({ from: "staging", to: "production", environment: "production" });
    expect(started.rows.map((row) => [row.sourceId, row.class])).toEqual([
      ["2", "new"],
      ["3", "new"],
      ["4", "existing"],
    ]);

    const done = await ended(started.id);
    expect(done.state).toBe("finished");
    expect(done.counts).toMatchObject({ rows: 3, created: 2, skipped: 1, failed: 0, unknown: 0 });
    expect(posts(production).sort()).toEqual(["Axolotl", "Quokka"]);
    expect(posts(staging)).toEqual([]);
    // The description travels; a category without one is created without one.
    expect(lists.production.find((category) => category.name === "Axolotl")).toMatchObject({ description: "Smiles" });
    expect(lists.production.find((category) => category.name === "Quokka")).not.toHaveProperty("description");
    expect(done.rows.find((row) => row.sourceId === "4")).toMatchObject({ state: "skipped", existingId: "102" });

    const { rows: audit } = await query<{ action: string; actor: string; details: Record<string, unknown> }>(
      `SELECT action, actor, details FROM audit_events WHERE details->>'promotionId' = $1 ORDER BY id`,
      [started.id],
    );
    expect(audit.map((event) => event.action)).toEqual([
      "promotion_started",
      "category_created",
      "category_created",
      "promotion_finished",
    ]);
    expect(audit[0]).toMatchObject({
      actor: ADMIN.username,
      details: { from: "staging", environment: "production", rows: 2, skipped: 1 },
    });
    expect(audit[1]?.details).toMatchObject({ from: "staging", environment: "production" });
    expect(audit.at(-1)?.details).toMatchObject({ created: 2, skipped: 1, failed: 0, unknown: 0 });

    const csv = await (
      await results.GET(
        new Request(`${ORIGIN}/api/promotions/${started.id}/results`, { headers: { cookie: adminCookie } }),
        params(started.id),
      )
    ).text();
    expect(csv.split("\r\n")[0]).toBe("line,source id,name,description,outcome,id,message");
    expect(csv).toContain("3,4,cat,,skipped,102,Already in production.");

    const listed = await promotions.GET(new Request(`${ORIGIN}/api/promotions`, { headers: { cookie: adminCookie } }));
    expect(((await listed.json()) as { id: string }[]).map((promotion) => promotion.id)).toContain(started.id);
  });

  it("works the other way, production to staging, each key going only to its own service", async () => {
    const response = await post({ from: "production", to: "staging", ids: ["103"] });
    expect(response.status).toBe(201);
    const done = await ended(((await response.json()) as { id: string }).id);
    expect(done).toMatchObject({ from: "production", to: "staging", counts: { created: 1 } });
    expect(posts(staging)).toEqual(["Emu"]);
    expect(posts(production)).toEqual([]);
    for (const request of staging.requests) expect(request.headers.authorization).toBe(`Bearer ${STAGING_KEY}`);
    for (const request of production.requests) expect(request.headers.authorization).toBe(`Bearer ${PRODUCTION_KEY}`);
  });

  it("refuses an id not in the source's list with 400 naming it, and sends nothing", async () => {
    const body = await expectError(
      await post({ from: "staging", to: "production", ids: ["2", "101", "999"] }),
      400,
      "category_not_in_source",
    );
    expect(body.message).toContain("101, 999");
    expect(posts(production)).toEqual([]);
  });

  it("refuses viewers with 403 before reading either list", async () => {
    await expectError(await post({ from: "staging", to: "production", ids: ["2"] }, viewerCookie), 403, "forbidden");
    expect([...staging.requests, ...production.requests]).toEqual([]);
  });

  it("refuses a promotion to the same environment, and an empty choice, with 400", async () => {
    await expectError(await post({ from: "staging", to: "staging", ids: ["2"] }), 400, "invalid_request");
    await expectError(await post({ from: "staging", to: "production", ids: [] }), 400, "invalid_request");
    await expectError(await post({ from: "test", to: "production", ids: ["2"] }), 400, "invalid_request");
    expect([...staging.requests, ...production.requests]).toEqual([]);
  });

  it("settles a create whose response was lost against production's list at once, without a pause", async () => {
    cutNames = new Set(["Kiwi"]);
    const response = await post({ from: "staging", to: "production", ids: ["5"] });
    const done = await ended(((await response.json()) as { id: string }).id);
    expect(done.state).toBe("finished");
    expect(done.rows[0]).toMatchObject({ state: "created", confirmedLate: true });
    expect(posts(production)).toEqual(["Kiwi"]);
  });
});

describe("a promotion's actions", () => {
  it("answers 404 for an unknown id and 409 for an action its state does not allow", async () => {
    const unknown = "0b7f5d1e-8a52-4c35-9d1c-6a2f0c9b1e11";
    await expectError(
      await promotionRoute.GET(
        new Request(`${ORIGIN}/api/promotions/${unknown}`, { headers: { cookie: adminCookie } }),
        params(unknown),
      ),
      404,
      "promotion_not_found",
    );
    const { id } = (await (await post({ from: "staging", to: "production", ids: ["2"] })).json()) as { id: string };
    await ended(id);
    const resume = await promotionRoute.POST(
      new Request(`${ORIGIN}/api/promotions/${id}`, {
        method: "POST",
        headers: { cookie: adminCookie, "content-type": "application/json", origin: ORIGIN },
        body: JSON.stringify({ action: "resume" }),
      }),
      params(id),
    );
    await expectError(resume, 409, "promotion_state_conflict");
  });
});

describe("a promotion's run", () => {
  it("skips a row whose name someone added to production after it started, and creates no duplicate", async () => {
    const { planPromotion } = await import("@/lib/server/promotions/plan-promotion");
    const { createPromotion } = await import("@/lib/server/promotions/promotion-store");
    const { runImportJob } = await import("@/lib/server/imports/import-runner");
    const request = { from: "staging", to: "production", ids: ["2", "3"] } as const;
    const { rows, knownIds } = await planPromotion(request, { requestId: "test" });
    const id = await createPromotion({ ...request, createdBy: "ada", knownIds, rows });
    // Someone adds one of the names by hand before the promotion reaches it.
    lists.production.push({ id: 777, name: " QUOKKA", description: "by hand" });

    await runImportJob(id, {
      concurrency: 2,
      stopping: () => false,
      until: Infinity,
      unconfirmedInARow: 0,
      backoffMs: 0,
    });
    const done = await read(id);
    expect(done.state).toBe("finished");
    expect(posts(production)).toEqual(["Axolotl"]);
    expect(done.rows.find((row) => row.name === "Quokka")).toMatchObject({
      state: "skipped",
      categoryId: "777",
      message: expect.stringContaining("added there after the promotion started"),
    });
    expect(lists.production.filter((category) => category.name.trim().toLowerCase() === "quokka")).toHaveLength(1);
  });
});
