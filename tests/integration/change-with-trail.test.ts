import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ADMIN, addAccount, addAccounts, signIn } from "../support/auth-fixture";
import { ORIGIN, stubAppEnv } from "../support/app-env";
import { type FakeCatalogue, keepingCreates, startFakeCatalogue } from "../support/fake-catalogue";
import { eventually } from "../support/probes";
import { testDb } from "../support/test-database";

// Issue 43: a change commits with its audit entry or not at all. A trigger makes the database refuse the entries of
// the actions the test names, as a full disk or a broken trail would; each change must then be unchanged and its
// answer the usual Error body, and the same change must go through, with one entry, once the trail takes it again.
const BEA = { username: "bea", password: "second-admin-password-43" };
let staging: FakeCatalogue;
const stored: { id: number; name: string }[] = [];
let ada: string;
let bea: string;

beforeAll(async () => {
  staging = await startFakeCatalogue(keepingCreates(stored));
  await addAccounts();
  await addAccount({ ...BEA, role: "admin" });
  await testDb.query(`
    CREATE TABLE refused_audit_actions (action text PRIMARY KEY);
    CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM refused_audit_actions WHERE action = NEW.action) THEN
        RAISE EXCEPTION 'the trail refuses %', NEW.action;
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER refuse_audit BEFORE INSERT OR UPDATE ON audit_events
      FOR EACH ROW EXECUTE FUNCTION refuse_audit();`);
  stubAppEnv({
    CATALOGUE_API_URL: "",
    CATALOGUE_API_KEY: "",
    CATALOGUE_STAGING_URL: staging.url,
    CATALOGUE_STAGING_KEY: "staging-key-43",
    // Nothing listens there: a production change only ever waits as a request in these tests.
    CATALOGUE_PRODUCTION_URL: "http://127.0.0.1:9/v1",
    CATALOGUE_PRODUCTION_KEY: "production-key-43",
    APPROVAL_REQUIRED_FOR: "production",
    JOB_LEASE_SECONDS: "3",
  });
  const login = await import("@/app/api/auth/login/route");
  [ada, bea] = [await signIn(login, ADMIN), await signIn(login, BEA)];
});
afterAll(async () => {
  const { stopJobWorker } = await import("@/lib/server/jobs/job-worker");
  await stopJobWorker(5_000);
  await staging.close();
});
beforeEach(() => testDb.query(`DELETE FROM refused_audit_actions`));

const refuse = (action: string) => testDb.query(`INSERT INTO refused_audit_actions VALUES ($1)`, [action]);
const params = (id: string) => ({ params: Promise.resolve({ id }) });
const request = (cookie: string, method: string, path: string, body?: unknown, type = "application/json") =>
  new Request(`${ORIGIN}${path}`, {
    method,
    headers: { cookie, origin: ORIGIN, "content-type": type },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
const entries = async (action: string) =>
  (await testDb.query(`SELECT details FROM audit_events WHERE action = $1`, [action])).rows.length;

async function refusedByTrail(response: Response): Promise<void> {
  expect(response.status).toBe(503);
  expect(await response.json()).toMatchObject({ code: "store_unavailable", status: 503 });
}

describe("when the audit entry cannot be written", () => {
  it("no request is made, and none is decided", async () => {
    const categories = await import("@/app/api/categories/route");
    const requests = await import("@/app/api/requests/[id]/route");
    const ask = () => categories.POST(request(ada, "POST", "/api/categories?environment=production", { name: "Ibis" }));
    await refuse("request_created");
    await refusedByTrail(await ask());
    expect((await testDb.query(`SELECT id FROM change_requests`)).rows).toEqual([]);

    await testDb.query(`DELETE FROM refused_audit_actions`);
    const made = await ask();
    expect(made.status).toBe(202);
    const { request: waiting } = (await made.json()) as { request: { id: string } };
    await refuse("request_rejected");
    const reject = () =>
      requests.POST(request(bea, "POST", `/api/requests/${waiting.id}`, { action: "reject" }), params(waiting.id));
    await refusedByTrail(await reject());
    const { rows } = await testDb.query(`SELECT state, decided_by FROM change_requests WHERE id = $1`, [waiting.id]);
    expect(rows).toEqual([{ state: "pending", decided_by: null }]);

    await testDb.query(`DELETE FROM refused_audit_actions`);
    expect((await reject()).status).toBe(200);
    expect([await entries("request_created"), await entries("request_rejected")]).toEqual([1, 1]);
  });

  it("a shared view is neither saved, changed nor deleted", async () => {
    const views = await import("@/app/api/views/route");
    const view = await import("@/app/api/views/[id]/route");
    const saved = { page: "history", name: "Team's view", query: "action=request_created", shared: true };
    await refuse("view_created");
    await refusedByTrail(await views.POST(request(ada, "POST", "/api/views", saved)));
    expect((await testDb.query(`SELECT id FROM saved_views`)).rows).toEqual([]);

    await testDb.query(`DELETE FROM refused_audit_actions`);
    const { id } = (await (await views.POST(request(ada, "POST", "/api/views", saved))).json()) as { id: string };
    await refuse("view_changed");
    await refuse("view_deleted");
    await refusedByTrail(await view.PATCH(request(ada, "PATCH", `/api/views/${id}`, { name: "Renamed" }), params(id)));
    await refusedByTrail(await view.DELETE(request(ada, "DELETE", `/api/views/${id}`), params(id)));
    const { rows } = await testDb.query(`SELECT name, shared FROM saved_views WHERE id = $1`, [id]);
    expect(rows).toEqual([{ name: "Team's view", shared: true }]);
  });

  it("an import neither starts nor ends", async () => {
    const imports = await import("@/app/api/imports/route");
    const one = await import("@/app/api/imports/[id]/route");
    const { wakeJobWorker } = await import("@/lib/server/jobs/job-worker");
    const upload = await imports.POST(
      request(ada, "POST", "/api/imports?environment=staging", "name\nEgret\nHeron\n", "text/csv"),
    );
    expect(upload.status).toBe(201);
    const { id } = (await upload.json()) as { id: string };
    const start = () =>
      one.POST(request(ada, "POST", `/api/imports/${id}`, { action: "start", createExisting: false }), params(id));
    const state = async () => (await testDb.query(`SELECT state FROM import_jobs WHERE id = $1`, [id])).rows[0]?.state;

    await refuse("import_started");
    await refusedByTrail(await start());
    expect(await state()).toBe("preview");

    await testDb.query(`DELETE FROM refused_audit_actions`);
    await refuse("import_finished");
    expect((await start()).status).toBe(200);
    // Every row is sent, and the run that would end the job stops at its entry: the job stays running.
    expect(await eventually(async () => stored.length === 2, 10_000)).toBe(true);
    expect(await eventually(async () => (await entries("category_created")) === 2, 10_000)).toBe(true);
    expect(await state()).toBe("running");

    await testDb.query(`DELETE FROM refused_audit_actions`);
    wakeJobWorker();
    expect(await eventually(async () => (await state()) === "finished", 15_000)).toBe(true);
    expect([await entries("import_started"), await entries("import_finished")]).toEqual([1, 1]);
    // Each once; rows are sent IMPORT_CONCURRENCY at a time, so in no set order.
    expect(stored.map((category) => category.name).sort()).toEqual(["Egret", "Heron"]);
  });
});
