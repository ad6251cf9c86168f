import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/ports.mjs";
import type { ChangeRequest } from "@/lib/shared/change-request-schemas";
import { ADMIN, VIEWER, addAccount, addAccounts } from "../support/auth-fixture";
import {
  type FakeCatalogue,
  type FakeHandler,
  type RecordedRequest,
  keepingService,
  startFakeCatalogue,
} from "../support/fake-catalogue";
import { eventually } from "../support/probes";
import { type StandaloneApp, signInOverHttp, startStandaloneApp } from "../support/standalone-app";
import { testDb } from "../support/test-database";

// Issue 35 over HTTP: production needs a second admin, staging does not. Two replicas share the database and the
// catalogues: `app` keeps requests 72 hours; `quick` expires them after 0.72 s, so that expiry is seen within a test, and
// holds an approval's claim for 1 s unless renewed. A request's expiry is fixed when it is made (request-store.ts): one
// made on `app` keeps its 72 hours whichever replica decides it.
const PRODUCTION_KEY = "production-key-35-a1b2c3";
const STAGING_KEY = "staging-key-35-d4e5f6";
const BEA = { username: "bea", password: "second-admin-password-35" };

let production: FakeCatalogue;
let productionService: FakeHandler;
let staging: FakeCatalogue;
let app: StandaloneApp;
let quick: StandaloneApp;
let ada: string;
let bea: string;
let vic: string;
let metricsUrl: string;

const env = (hours: string) => ({
  CATALOGUE_API_KEY: "",
  CATALOGUE_ENVIRONMENT: "",
  CATALOGUE_PRODUCTION_URL: production.url,
  CATALOGUE_PRODUCTION_KEY: PRODUCTION_KEY,
  CATALOGUE_STAGING_URL: staging.url,
  CATALOGUE_STAGING_KEY: STAGING_KEY,
  TRUSTED_PROXIES: "127.0.0.1",
  APPROVAL_REQUIRED_FOR: "production",
  APPROVAL_EXPIRES_HOURS: hours,
});

beforeAll(async () => {
  productionService = keepingService(PRODUCTION_KEY, ["Dogs"]);
  production = await startFakeCatalogue(productionService);
  staging = await startFakeCatalogue(keepingService(STAGING_KEY, ["Dogs", "Owls", "Lynxes"]));
  await addAccounts();
  await addAccount({ ...BEA, role: "admin" });
  const metricsPort = await freePort();
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  [app, quick] = await Promise.all([
    startStandaloneApp({ catalogueUrl: "", env: { ...env("72"), METRICS_PORT: String(metricsPort) } }),
    // A lease of 1 s, renewed while a slow approval runs.
    startStandaloneApp({ catalogueUrl: "", env: { ...env("0.0002"), JOB_LEASE_SECONDS: "1" } }),
  ]);
  ada = await signInOverHttp(app.url, ADMIN);
  bea = await signInOverHttp(app.url, BEA);
  vic = await signInOverHttp(app.url, VIEWER);
}, 90_000);

afterAll(async () => {
  await Promise.all([app?.stop(), quick?.stop()]);
  await Promise.all([production?.close(), staging?.close()]);
});

const send = (cookie: string, path: string, body: unknown, on = app, contentType = "application/json") =>
  fetch(`${on.url}${path}`, {
    method: "POST",
    headers: { cookie, "content-type": contentType, origin: on.url },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const read = async <T>(cookie: string, path: string, on = app) => {
  const response = await fetch(`${on.url}${path}`, { headers: { cookie } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
};
const decide = (cookie: string, id: string, action: string, comment?: string, on = app) =>
  send(cookie, `/api/requests/${id}`, { action, comment }, on);
const posts = (catalogue: FakeCatalogue) => catalogue.requests.filter((request) => request.method === "POST");
// A job sends its rows several at a time, so in any order.
const bodiesSince = (sent: number) =>
  posts(production)
    .slice(sent)
    .map((post) => post.body)
    .sort();

/** A change that must wait: 202, its address, a pending request. */
async function requested(response: Response): Promise<ChangeRequest> {
  expect(response.status).toBe(202);
  const { request } = (await response.json()) as { request: ChangeRequest };
  expect(response.headers.get("location")).toBe(`/api/requests/${request.id}`);
  expect(request).toMatchObject({ state: "pending", requestedBy: ADMIN.username, decidedBy: null });
  return request;
}

const createRequest = async (name: string, on = app) =>
  requested(await send(ada, "/api/categories", { name, description: "four eyes" }, on));

async function finished(path: string): Promise<void> {
  const state = async () => (await read<{ state: string }>(ada, path)).state;
  expect(await eventually(async () => (await state()) === "finished", 20_000, 100)).toBe(true);
}

describe("a create into production", () => {
  it("waits with 202, is sent once when another admin approves, and is decided once", async () => {
    const request = await createRequest("Otters");
    expect(request).toMatchObject({
      kind: "create",
      environment: "production",
      summary: { categories: 1 },
      details: { category: { name: "Otters", description: "four eyes" } },
      result: null,
    });
    expect(posts(production)).toHaveLength(0);
    expect(await read(bea, `/api/requests/${request.id}`)).toEqual(request);

    for (const action of ["approve", "reject"]) {
      const own = await decide(ada, request.id, action);
      expect(own.status).toBe(403);
      expect(await own.json()).toMatchObject({ code: "approver_is_requester" });
    }
    const notTheirs = await decide(bea, request.id, "withdraw");
    expect(notTheirs.status).toBe(403);
    expect(await notTheirs.json()).toMatchObject({ code: "not_the_requester" });
    expect(posts(production)).toHaveLength(0);

    const approved = await decide(bea, request.id, "approve", "Looks right");
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({
      state: "approved",
      decidedBy: BEA.username,
      comment: "Looks right",
      result: { category: { name: "Otters" } },
    });
    expect(posts(production)).toHaveLength(1);

    const again = await decide(bea, request.id, "approve");
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      code: "request_already_decided",
      message: expect.stringContaining("approved"),
    });
    expect(posts(production)).toHaveLength(1);

    const audit = (await app.auditEntries()).filter((entry) => entry.details.changeRequestId === request.id);
    expect(audit.map((entry) => [entry.action, entry.actor])).toEqual([
      ["request_created", ADMIN.username],
      ["category_created", ADMIN.username],
      ["request_approved", BEA.username],
    ]);
    expect(audit[1]?.details).toMatchObject({ requestedBy: ADMIN.username, approvedBy: BEA.username, name: "Otters" });
  });

  it("keeps a 400 a 400, makes no request of it, and leaves staging as it was", async () => {
    const before = (await read<ChangeRequest[]>(ada, "/api/requests?state=all")).length;
    expect((await send(ada, "/api/categories", { name: "" })).status).toBe(400);
    expect(await read<ChangeRequest[]>(ada, "/api/requests?state=all")).toHaveLength(before);
    expect((await send(ada, "/api/categories?environment=staging", { name: "Newts" })).status).toBe(201);
    expect(posts(staging).map((post) => post.body)).toContain('{"name":"Newts"}');
  });

  it("runs once when two admins' approvals race on two replicas: the other gets 409", async () => {
    const request = await createRequest("Racing otters");
    const sent = posts(production).length;
    const responses = await Promise.all([app, quick].map((on) => decide(bea, request.id, "approve", undefined, on)));
    expect(responses.map((response) => response.status).sort((a, b) => a - b)).toEqual([200, 409]);
    expect(posts(production)).toHaveLength(sent + 1);
  });
});

describe("an import and a promotion into production", () => {
  it("an import stays in preview, refuses start and cancel while waiting, and starts when approved", async () => {
    const upload = await send(ada, "/api/imports", "name\nDogs\nBadgers\nVoles\n", app, "text/csv");
    expect(upload.status).toBe(201);
    const { id } = (await upload.json()) as { id: string };
    const request = await requested(await send(ada, `/api/imports/${id}`, { action: "start", createExisting: false }));
    expect(request).toMatchObject({ kind: "import", summary: { categories: 2 }, details: { importId: id } });
    expect(request.kind === "import" && request.details.rows.map((row) => row.name)).toEqual(["Badgers", "Voles"]);
    // The list gives it as a summary: its count, never its rows, which its own address gives.
    const listed = (await read<ChangeRequest[]>(bea, "/api/requests")).find((each) => each.id === request.id);
    expect(listed).toMatchObject({
      summary: { categories: 2 },
      details: { importId: id, createExisting: false },
    });
    expect(listed?.details).not.toHaveProperty("rows");
    for (const action of ["start", "cancel"]) {
      const direct = await send(ada, `/api/imports/${id}`, { action, createExisting: false });
      expect(direct.status, action).toBe(409);
      expect(await direct.json()).toMatchObject({ code: "import_state_conflict" });
    }
    expect((await read<{ state: string }>(ada, `/api/imports/${id}`)).state).toBe("preview");
    const sent = posts(production).length;

    const approved = await decide(bea, request.id, "approve");
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ state: "approved", result: { jobId: id } });
    await finished(`/api/imports/${id}`);
    expect(bodiesSince(sent)).toEqual(['{"name":"Badgers"}', '{"name":"Voles"}']);
  });

  it("a promotion waits; its approval is refused while another promotion holds production, then runs", async () => {
    const notInSource = await send(ada, "/api/promotions", { from: "staging", to: "production", ids: ["999"] });
    expect(notInSource.status).toBe(400);
    expect(await notInSource.json()).toMatchObject({ code: "category_not_in_source" });

    const response = await send(ada, "/api/promotions", { from: "staging", to: "production", ids: ["2", "3"] });
    const request = await requested(response);
    expect(request).toMatchObject({
      kind: "promotion",
      summary: { categories: 2 },
      details: {
        from: "staging",
        categories: [
          { id: "2", name: "Owls" },
          { id: "3", name: "Lynxes" },
        ],
      },
    });
    const sent = posts(production).length;

    const blocker = randomUUID();
    await testDb.query(
      `INSERT INTO import_jobs (id, kind, file_name, created_by, created_at, state, environment, source_environment)
       VALUES ($1, 'promotion', '', 'someone', now(), 'paused', 'production', 'staging')`,
      [blocker],
    );
    const refused = await decide(bea, request.id, "approve");
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "promotion_in_progress" });
    expect(await read(bea, `/api/requests/${request.id}`)).toMatchObject({ state: "pending", decidedBy: null });
    expect(posts(production)).toHaveLength(sent);

    await testDb.query(`UPDATE import_jobs SET state = 'cancelled' WHERE id = $1`, [blocker]);
    const approved = await decide(bea, request.id, "approve");
    expect(approved.status).toBe(200);
    const { result } = (await approved.json()) as { result: { jobId: string } };
    const { rows } = await testDb.query("SELECT change_request_id FROM import_jobs WHERE id = $1", [result.jobId]);
    expect(rows).toEqual([{ change_request_id: request.id }]);
    await finished(`/api/promotions/${result.jobId}`);
    expect(bodiesSince(sent)).toEqual(['{"name":"Lynxes"}', '{"name":"Owls"}']);
  });
});

describe("the requests API", () => {
  it("rejects, withdraws and lists by state, newest first", async () => {
    const [first, second] = [await createRequest("Rejected moles"), await createRequest("Withdrawn moles")];
    const rejected = await decide(bea, first.id, "reject", "Not now");
    expect(await rejected.json()).toMatchObject({ state: "rejected", decidedBy: BEA.username, comment: "Not now" });
    const withdrawn = await decide(ada, second.id, "withdraw");
    expect(await withdrawn.json()).toMatchObject({ state: "withdrawn", decidedBy: ADMIN.username });
    const rejectedList = await read<ChangeRequest[]>(bea, "/api/requests?state=rejected");
    expect(rejectedList.map((request) => request.id)).toContain(first.id);
    const all = await read<ChangeRequest[]>(bea, "/api/requests?state=all");
    expect(all.findIndex((request) => request.id === second.id)).toBeLessThan(
      all.findIndex((request) => request.id === first.id),
    );
    expect((await read<ChangeRequest[]>(bea, "/api/requests")).every((request) => request.state === "pending")).toBe(
      true,
    );
    expect(posts(production).some((post) => post.body.includes("moles"))).toBe(false);
  });

  it("expires a request left pending past APPROVAL_EXPIRES_HOURS, once", async () => {
    const request = await createRequest("Expiring voles", quick);
    const state = async () => (await read<ChangeRequest>(bea, `/api/requests/${request.id}`, quick)).state;
    expect(await eventually(async () => (await state()) === "expired", 15_000, 200)).toBe(true);
    const late = await decide(bea, request.id, "approve", undefined, quick);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ message: expect.stringContaining("expired") });
    const expiries = (await app.auditEntries()).filter(
      (entry) => entry.action === "request_expired" && entry.details.changeRequestId === request.id,
    );
    expect(expiries).toHaveLength(1);
  });

  it("counts the deployment's pending requests in a gauge", async () => {
    const pending = async () => {
      const text = await (await fetch(metricsUrl)).text();
      return Number(/^categories_admin_change_requests_pending (\d+)$/m.exec(text)?.[1]);
    };
    const before = await pending();
    await createRequest("Counted stoats");
    expect(await pending()).toBe(before + 1);
  });

  it("answers viewers 403, an unknown id 404 and a bad body 400", async () => {
    expect((await fetch(`${app.url}/api/requests`, { headers: { cookie: vic } })).status).toBe(403);
    expect((await decide(vic, randomUUID(), "approve")).status).toBe(403);
    const unknown = await fetch(`${app.url}/api/requests/not-an-id`, { headers: { cookie: bea } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: "request_not_found" });
    expect((await decide(bea, randomUUID(), "maybe")).status).toBe(400);
    expect((await send(bea, `/api/requests/${randomUUID()}`, "[1]")).status).toBe(400);
  });

  it("the database itself refuses an approval by the requester", async () => {
    const request = await createRequest("Constrained stoats");
    await expect(
      testDb.query(
        `UPDATE change_requests SET state = 'approved', decided_by = requested_by, decided_at = now() WHERE id = $1`,
        [request.id],
      ),
    ).rejects.toMatchObject({ code: "23514" });
  });
});

/**
 * An approval on `quick` (claims held 1 s) whose process stalls past its claim's lease: production holds its calls
 * (tagged `tag`) while the test stops the claim's renewal, and the other replica's read sweeps the claim. Gives the
 * request as that read showed it, and the approval's answer once production lets its calls go.
 */
async function stalledApproval(id: string, tag: string) {
  const ours = (call: RecordedRequest) => call.headers["x-request-id"] === tag;
  let release = () => {};
  const until = new Promise<void>((resolve) => (release = resolve));
  production.reply((call) =>
    ours(call) ? { ...(productionService(call) as { status: number; body: string }), until } : productionService(call),
  );
  try {
    const approving = fetch(`${quick.url}/api/requests/${id}`, {
      method: "POST",
      headers: { cookie: bea, "content-type": "application/json", origin: quick.url, "x-request-id": tag },
      body: JSON.stringify({ action: "approve" }),
    });
    expect(await eventually(async () => production.requests.some(ours), 10_000, 20)).toBe(true);
    // What a process that stalled past its lease leaves: the claim ran out unrenewed, so renewing it now fails.
    await testDb.query(`UPDATE change_requests SET claim_expires = now() - interval '1 second' WHERE id = $1`, [id]);
    const swept = await read<ChangeRequest>(ada, `/api/requests/${id}`);
    release();
    const answer = await approving;
    return { swept, answer: { status: answer.status, body: (await answer.json()) as unknown } };
  } finally {
    release();
    production.reply(productionService);
  }
}

const interrupted = { status: 503, body: expect.objectContaining({ code: "approval_interrupted" }) };

// Issue 43: the change runs at most once and the request ends in one state, naming what ran.
describe("an approval that loses its claim while its change starts", () => {
  it("a create already sent: swept as approved with an unknown outcome, then completed by the answer", async () => {
    const request = await createRequest("Stalled otters");
    const { swept, answer } = await stalledApproval(request.id, "stalled-create");
    // The create was sent, so the sweep approves the request with an outcome it cannot know yet.
    expect(swept).toMatchObject({
      state: "approved",
      decidedBy: BEA.username,
      result: { error: { code: "outcome_unknown" } },
    });
    const made = { state: "approved", result: { category: { name: "Stalled otters" } } };
    expect(answer).toMatchObject({ status: 200, body: made });
    expect(await read(ada, `/api/requests/${request.id}`)).toMatchObject(made);
    expect(posts(production).filter((post) => post.body.includes("Stalled otters"))).toHaveLength(1);
    const approvals = (await app.auditEntries()).filter(
      (entry) => entry.action === "request_approved" && entry.details.changeRequestId === request.id,
    );
    expect(approvals).toHaveLength(1);
  });

  it("an import not yet started is not started by it: the request waits again, and runs once when approved", async () => {
    const upload = await send(ada, "/api/imports", "name\nStalled stoats\n", app, "text/csv");
    const { id } = (await upload.json()) as { id: string };
    const request = await requested(await send(ada, `/api/imports/${id}`, { action: "start", createExisting: false }));
    // Held at the list its start reads first: the claim is lost before anything starts.
    const { swept, answer } = await stalledApproval(request.id, "stalled-import");
    expect(swept).toMatchObject({ state: "pending", decidedBy: null });
    expect(answer).toEqual(interrupted);
    expect((await read<{ state: string }>(ada, `/api/imports/${id}`)).state).toBe("preview");
    expect(await read(ada, `/api/requests/${request.id}`)).toMatchObject({ state: "pending", decidedBy: null });

    const sent = posts(production).length;
    const approved = await decide(bea, request.id, "approve");
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ state: "approved", result: { jobId: id } });
    await finished(`/api/imports/${id}`);
    expect(bodiesSince(sent)).toEqual(['{"name":"Stalled stoats"}']);
  });

  it("a promotion not yet started is not stored by it, so a second approval cannot run it twice", async () => {
    const made = await send(ada, "/api/categories?environment=staging", { name: "Stalled geckos" });
    expect(made.status).toBe(201);
    const { id: sourceId } = (await made.json()) as { id: number };
    const request = await requested(
      await send(ada, "/api/promotions", { from: "staging", to: "production", ids: [String(sourceId)] }),
    );
    const jobs = async () =>
      (await testDb.query("SELECT id FROM import_jobs WHERE change_request_id = $1", [request.id])).rows.length;
    // Held at production's list, which its plan reads before the promotion is stored and started.
    const { swept, answer } = await stalledApproval(request.id, "stalled-promotion");
    expect(swept).toMatchObject({ state: "pending" });
    expect(answer).toEqual(interrupted);
    expect(await jobs()).toBe(0);

    const sent = posts(production).length;
    const approved = await decide(bea, request.id, "approve");
    expect(approved.status).toBe(200);
    const { result } = (await approved.json()) as { result: { jobId: string } };
    await finished(`/api/promotions/${result.jobId}`);
    expect(await jobs()).toBe(1);
    expect(bodiesSince(sent)).toEqual(['{"name":"Stalled geckos"}']);
  });
});

describe("an approval whose process stopped before settling it", () => {
  it("is not taken for stopped while its process renews the claim through a slow create", async () => {
    const request = await createRequest("Slow otters");
    production.reply((post) =>
      post.body.includes("Slow otters")
        ? { ...(productionService(post) as { status: number; body: string }), delayMs: 2_500 }
        : productionService(post),
    );
    try {
      const approving = decide(bea, request.id, "approve", "Slow but sure", quick);
      // Reads on the other replica sweep throughout, well past the first 1-s lease; until it settles, the approval
      // under way shows as pending, its approver and comment not yet.
      for (let time = 0; time < 10; time += 1) {
        expect(await read(ada, `/api/requests/${request.id}`)).toMatchObject({
          state: "pending",
          decidedBy: null,
          comment: null,
        });
        await sleep(200);
      }
      const approved = await approving;
      expect(approved.status).toBe(200);
      expect(await approved.json()).toMatchObject({
        state: "approved",
        comment: "Slow but sure",
        result: { category: { name: "Slow otters" } },
      });
    } finally {
      production.reply(productionService);
    }
    expect(posts(production).filter((post) => post.body.includes("Slow otters"))).toHaveLength(1);
  });

  it("is approved with the category its create made, every digit of the id kept", async () => {
    const request = await createRequest("Created before the crash");
    // What a process leaves that dies after its create was answered and before settling the request: the create's
    // audit entry, named on the request as what its approval started.
    const { rows } = await testDb.query(
      `INSERT INTO audit_events (time, actor, action, details)
       VALUES (now(), $1, 'category_created', jsonb_build_object('changeRequestId', $2::text, 'categoryId',
                                                                 9007199254740993))
       RETURNING id::text`,
      [ADMIN.username, request.id],
    );
    await testDb.query(
      `UPDATE change_requests SET state = 'approving', decided_by = $2, decided_at = now(), claim_token = $3,
         claim_expires = now() - interval '1 second', started = jsonb_build_object('auditId', $4::text) WHERE id = $1`,
      [request.id, BEA.username, randomUUID(), rows[0]?.id],
    );
    // Read as text: JSON.parse would round the id.
    const text = await (await fetch(`${app.url}/api/requests/${request.id}`, { headers: { cookie: ada } })).text();
    expect(JSON.parse(text)).toMatchObject({ state: "approved", decidedBy: BEA.username });
    expect(text).toContain(
      '"result":{"category":{"id":9007199254740993,"name":"Created before the crash","description":"four eyes"}}',
    );
  });

  it("is approved with its job when the promotion it started runs", async () => {
    const request = await requested(
      await send(ada, "/api/promotions", { from: "staging", to: "production", ids: ["2"] }),
    );
    const job = randomUUID();
    // What a process leaves that dies after starting the promotion and before settling the request.
    await testDb.query(
      `UPDATE change_requests SET state = 'approving', decided_by = $2, decided_at = now(), claim_token = $3,
         claim_expires = now() - interval '1 second', started = jsonb_build_object('jobId', $4::text) WHERE id = $1`,
      [request.id, BEA.username, randomUUID(), job],
    );
    await testDb.query(
      `INSERT INTO import_jobs (id, kind, file_name, created_by, created_at, state, environment, source_environment,
                                change_request_id)
       VALUES ($1, 'promotion', '', $2, now(), 'cancelled', 'production', 'staging', $3)`,
      [job, ADMIN.username, request.id],
    );
    expect(await read(ada, `/api/requests/${request.id}`)).toMatchObject({
      state: "approved",
      decidedBy: BEA.username,
      result: { jobId: job },
    });
  });

  // Last in the file: it kills `quick`.
  it("is approved with an unknown outcome once its create was sent, and waits again when nothing was", async () => {
    const create = await createRequest("Held otters");
    const upload = await send(ada, "/api/imports", "name\nStoats\n", app, "text/csv");
    const { id: importId } = (await upload.json()) as { id: string };
    const imported = await requested(
      await send(ada, `/api/imports/${importId}`, { action: "start", createExisting: false }),
    );
    // Holds the create, and the list an import's start reads first, so the process dies in the middle of each.
    let held = 0;
    production.reply((request) => {
      if (request.method === "GET" || request.body.includes("Held otters")) {
        held += 1;
        return { hang: true };
      }
      return productionService(request);
    });
    // `quick` is the process that dies, its claims' lease 1 s; both requests were made on `app`, with 72 hours to run.
    try {
      for (const request of [create, imported])
        void decide(bea, request.id, "approve", "Approved before the crash", quick).catch(() => undefined);
      expect(await eventually(async () => held === 2, 10_000, 20)).toBe(true);
    } finally {
      await quick.kill();
      production.reply(productionService);
    }

    // Their claims' lease (1 s) runs out unrenewed; any replica's next read settles them.
    const stored = async (id: string) =>
      (await testDb.query("SELECT state FROM change_requests WHERE id = $1", [id])).rows[0]?.state as
        | string
        | undefined;
    const recovered = async () => {
      await read(ada, "/api/requests");
      return (await stored(create.id)) === "approved" && (await stored(imported.id)) === "pending";
    };
    expect(await eventually(recovered, 10_000, 100)).toBe(true);
    expect(await read(ada, `/api/requests/${create.id}`)).toMatchObject({
      state: "approved",
      decidedBy: BEA.username,
      comment: "Approved before the crash",
      result: { error: { code: "outcome_unknown", message: expect.stringContaining("Held otters") } },
    });
    expect(posts(production).filter((post) => post.body.includes("Held otters"))).toHaveLength(1);
    expect(await read(ada, `/api/requests/${imported.id}`)).toMatchObject({ state: "pending", decidedBy: null });

    const sent = posts(production).length;
    const approved = await decide(bea, imported.id, "approve");
    expect(approved.status).toBe(200);
    await finished(`/api/imports/${importId}`);
    expect(bodiesSince(sent)).toEqual(['{"name":"Stoats"}']);
    const approvals = (await app.auditEntries()).filter(
      (entry) =>
        entry.action === "request_approved" && [create.id, imported.id].includes(String(entry.details.changeRequestId)),
    );
    expect(approvals.map((entry) => [entry.details.changeRequestId, entry.actor])).toEqual([
      [create.id, BEA.username],
      [imported.id, BEA.username],
    ]);
  });
});
