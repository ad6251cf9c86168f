import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { errorBodySchema } from "@/lib/shared/schemas";
import { jobWithRowsSchema } from "@/lib/shared/job-schemas";
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
let productionListFails = false;
// Names whose create gets a 500 and is not applied: an unknown outcome that the list check cannot settle.
let failNames = new Set<string>();

function serve(environment: "staging" | "production", key: string) {
  return (request: RecordedRequest) => {
    if (request.headers.authorization !== `Bearer ${key}`)
      return json(401, { code: "unauthorized", message: "wrong key", status: 401 });
    if (request.method === "GET")
      return environment === "production" && productionListFails
        ? json(500, { code: "boom", message: "list down", status: 500 })
        : json(200, lists[environment]);
    const body = JSON.parse(request.body) as { name: string; description?: string };
    if (failNames.has(body.name)) return json(500, { code: "boom", message: "internal", status: 500 });
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
    // The worker takes up jobs only when a route wakes it: the promotions stored here are run by the tests.
    JOB_LEASE_SECONDS: "3600",
  });
  const login = await import("@/app/api/auth/login/route");
  adminCookie = await signIn(login, ADMIN);
  viewerCookie = await signIn(login, VIEWER);
});
afterAll(async () => {
  const { stopJobWorker } = await import("@/lib/server/jobs/job-worker");
  await stopJobWorker(5_000);
  await Promise.all([staging.close(), production.close()]);
});
beforeEach(async () => {
  // A test that failed half-way must not hold the target for the next: one promotion at a time per environment.
  await query(`UPDATE import_jobs SET state = 'cancelled' WHERE kind = 'promotion' AND state <> 'finished'`);
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
  productionListFails = false;
  failNames = new Set();
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
  return jobWithRowsSchema.parse(await response.json());
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

async function storedPromotion(ids: string[]) {
  const { planPromotion } = await import("@/lib/server/promotions/plan-promotion");
  const { createPromotion } = await import("@/lib/server/promotions/promotion-store");
  const request = { from: "staging" as const, to: "production" as const, ids };
  const { rows, knownIds } = await planPromotion(request, { requestId: "test" });
  // Held by the test at once, so this file's worker leaves it alone: the test runs it itself.
  return heldByTest(await createPromotion({ ...request, createdBy: "ada", knownIds, rows }));
}

async function heldByTest(id: string) {
  const { takeLease } = await import("@/lib/server/jobs/job-lease");
  expect(await takeLease(id, "test")).toBe(true);
  return id;
}

/** Runs it until it ends or pauses, as the worker does, without waiting out the rests it asks for. */
const runOnce = async (id: string, stopping = () => false, concurrency = 1) => {
  const { runJob } = await import("@/lib/server/jobs/job-runner");
  return runJob(id, { leaseOwner: "test", concurrency, stopping, rest: async () => undefined });
};

const runToEnd = (id: string, concurrency = 1) => runOnce(id, () => false, concurrency);

describe("POST /api/promotions", () => {
  it("creates the chosen categories in production, skipping a name production has, and records each", async () => {
    const response = await post({ from: "staging", to: "production", ids: ["2", "3", "4"] });
    expect(response.status).toBe(201);
    const started = jobWithRowsSchema.parse(await response.json());
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
    // As /api/compare gives ids: bare numbers.
    const response = await post({ from: "production", to: "staging", ids: [103] });
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
    // A number JSON cannot hold exactly would name another category: it must come as a string.
    const rounded = await expectError(
      await post({ from: "staging", to: "production", ids: [9007199254740993] }),
      400,
      "invalid_request",
    );
    expect(rounded.message).toBe("ids[0] is not a category id: send the id's digits as a string");
    // However many ids are wrong, one message, never a 500.
    const many = await expectError(
      await post({ from: "staging", to: "production", ids: Array.from({ length: 200_000 }, () => "x") }),
      400,
      "invalid_request",
    );
    expect(many.message).toContain("ids[0]");
    expect([...staging.requests, ...production.requests]).toEqual([]);
  });

  it("settles creates whose responses were lost against production's list at once, without a pause", async () => {
    // More lost answers in a row than pause an import with rows still to send.
    lists.staging = Array.from({ length: 6 }, (_, i) => ({ id: 300 + i, name: `Lost ${i}` }));
    cutNames = new Set(lists.staging.map((category) => category.name));
    const id = await storedPromotion(lists.staging.map((category) => String(category.id)));
    await runToEnd(id, 3);
    const done = await read(id);
    expect(done.state).toBe("finished");
    expect(done.counts).toMatchObject({ created: 6, confirmedLate: 6, unknown: 0 });
    expect(posts(production).sort()).toEqual([...cutNames].sort());
  });

  it("refuses viewers every promotion route", async () => {
    const { id } = (await (await post({ from: "staging", to: "production", ids: ["2"] })).json()) as { id: string };
    await ended(id);
    const asViewer = (method = "GET") =>
      new Request(`${ORIGIN}/api/promotions/${id}`, {
        method,
        headers: { cookie: viewerCookie, "content-type": "application/json", origin: ORIGIN },
        ...(method === "POST" && { body: JSON.stringify({ action: "send-unknown-again" }) }),
      });
    await expectError(await promotions.GET(asViewer()), 403, "forbidden");
    await expectError(await promotionRoute.GET(asViewer(), params(id)), 403, "forbidden");
    await expectError(await promotionRoute.POST(asViewer("POST"), params(id)), 403, "forbidden");
    await expectError(await results.GET(asViewer(), params(id)), 403, "forbidden");
  });

  it("creates both of two staging categories with one name, as the comparison lists both", async () => {
    lists.staging.push({ id: 6, name: "Kiwi", description: "Fruit" });
    cutNames = new Set(["Kiwi"]);
    const id = await storedPromotion(["5", "6"]);
    await runToEnd(id);
    expect((await read(id)).counts).toMatchObject({ created: 2, skipped: 0, unknown: 0 });
    expect(lists.production.filter((category) => category.name === "Kiwi")).toHaveLength(2);
  });

  it("takes negative ids, which the service's int64 ids allow", async () => {
    lists.staging.push({ id: -7, name: "Negative" });
    const response = await post({ from: "staging", to: "production", ids: ["-7"] });
    expect(response.status).toBe(201);
    await ended(((await response.json()) as { id: string }).id);
    expect(posts(production)).toEqual(["Negative"]);
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
  it("stops on shutdown and carries on in the next run; a row caught sending by a crash is checked, not resent", async () => {
    lists.staging = Array.from({ length: 8 }, (_, i) => ({ id: 400 + i, name: `Restart ${i}` }));
    const id = await storedPromotion(lists.staging.map((category) => String(category.id)));
    let stopping = false;
    setTimeout(() => (stopping = true), 25);
    await runOnce(id, () => stopping);
    const between = await read(id);
    expect(between.state).toBe("running");
    expect(between.counts.pending).toBeGreaterThan(0);
    // What a process that died mid-create leaves: the create went out, the row says sending.
    const { rows } = await query<{ line: number; name: string }>(
      `SELECT line, name FROM import_rows WHERE job_id = $1 AND state = 'pending' ORDER BY line LIMIT 1`,
      [id],
    );
    const crashed = rows[0];
    if (!crashed) throw new Error("no pending row");
    await query(`UPDATE import_rows SET state = 'sending' WHERE job_id = $1 AND line = $2`, [id, crashed.line]);
    lists.production.push({ id: 9_001, name: crashed.name });

    await runOnce(id);
    const done = await read(id);
    expect(done.state).toBe("finished");
    expect(done.counts).toMatchObject({ created: 8, unknown: 0 });
    expect(done.rows.find((row) => row.line === crashed.line)).toMatchObject({
      categoryId: "9001",
      confirmedLate: true,
    });
    expect(posts(production).sort()).toEqual(
      lists.staging
        .map((c) => c.name)
        .filter((n) => n !== crashed.name)
        .sort(),
    );
  });

  it("pauses, sending nothing, while production's list cannot be read; Resume carries on", async () => {
    const id = await storedPromotion(["2"]);
    productionListFails = true;
    await runOnce(id);
    expect(await read(id)).toMatchObject({ state: "paused", counts: { pending: 1, sending: 0 } });
    expect(posts(production)).toEqual([]);
    productionListFails = false;
    const resume = await promotionRoute.POST(
      new Request(`${ORIGIN}/api/promotions/${id}`, {
        method: "POST",
        headers: { cookie: adminCookie, "content-type": "application/json", origin: ORIGIN },
        body: JSON.stringify({ action: "resume" }),
      }),
      params(id),
    );
    expect(resume.status).toBe(200);
    expect((await ended(id)).counts).toMatchObject({ created: 1 });
    expect(posts(production)).toEqual(["Axolotl"]);
  });

  it("skips a row whose name someone added to production after it started, and creates no duplicate", async () => {
    const { planPromotion } = await import("@/lib/server/promotions/plan-promotion");
    const { createPromotion } = await import("@/lib/server/promotions/promotion-store");
    const request = { from: "staging" as const, to: "production" as const, ids: ["2", "3"] };
    const { rows, knownIds } = await planPromotion(request, { requestId: "test" });
    const id = await heldByTest(await createPromotion({ ...request, createdBy: "ada", knownIds, rows }));
    // Someone adds one of the names by hand before the promotion reaches it.
    lists.production.push({ id: 777, name: " QUOKKA", description: "by hand" });

    await runToEnd(id, 2);
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

  it("lets one promotion at a time send to an environment: another gets 409 until the first ends", async () => {
    const { createPromotion } = await import("@/lib/server/promotions/promotion-store");
    const { applyJobAction } = await import("@/lib/server/jobs/job-states");
    const first = await createPromotion({
      from: "staging",
      to: "production",
      createdBy: "bob",
      knownIds: [],
      rows: [{ sourceId: "2", name: "Axolotl" }],
    });
    await heldByTest(first);
    const refused = await expectError(
      await post({ from: "staging", to: "production", ids: ["3"] }),
      409,
      "promotion_in_progress",
    );
    expect(refused.message).toContain(`bob's promotion ${first} is running`);
    // The other direction is another target, so it may run meanwhile.
    const other = await post({ from: "production", to: "staging", ids: ["103"] });
    expect(other.status).toBe(201);
    await ended(((await other.json()) as { id: string }).id);

    expect(await applyJobAction(first, { action: "cancel" })).toBe(true);
    await runToEnd(first);
    expect((await read(first)).state).toBe("cancelled");
    const next = await post({ from: "staging", to: "production", ids: ["3"] });
    expect(next.status).toBe(201);
    await ended(((await next.json()) as { id: string }).id);
    expect(posts(production)).toEqual(["Quokka"]);
  });

  it("answers 409, not 500, to sending unknown rows again while another promotion holds the target", async () => {
    failNames = new Set(["Axolotl"]);
    const first = await storedPromotion(["2"]);
    await runToEnd(first);
    expect(await read(first)).toMatchObject({ state: "finished", counts: { unknown: 1 } });
    const second = await storedPromotion(["3"]);
    const again = await promotionRoute.POST(
      new Request(`${ORIGIN}/api/promotions/${first}`, {
        method: "POST",
        headers: { cookie: adminCookie, "content-type": "application/json", origin: ORIGIN },
        body: JSON.stringify({ action: "send-unknown-again" }),
      }),
      params(first),
    );
    const body = await expectError(again, 409, "promotion_in_progress");
    expect(body.message).toContain(`promotion ${second} is running`);
    await runToEnd(second);
    expect((await read(first)).state).toBe("finished");
  });
});
