import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { SESSION_SECRET } from "../support/auth-fixture";
import {
  type FakeCatalogue,
  type FakeReply,
  type RecordedRequest,
  json,
  startFakeCatalogue,
} from "../support/fake-catalogue";
import { type TcpProxy, startTcpProxy } from "../support/tcp-proxy";

const TIMEOUT_MS = 300;
let fake: FakeCatalogue;
let proxy: TcpProxy;

// A catalogue that keeps what it creates, with names that make it misbehave.
type Stored = { id: number; name: string; description?: string };
let stored: Stored[] = [];
let inFlight = 0;
let mostInFlight = 0;
let busyOnce = new Set<string>();
let listFails = false;

function store(body: { name: string; description?: string }): Stored {
  const category = { id: 1000 + stored.length, ...body };
  stored.push(category);
  return category;
}

function behave(request: RecordedRequest): FakeReply {
  if (request.method === "GET")
    return listFails ? json(500, { code: "boom", message: "list down", status: 500 }) : json(200, stored);
  const body = JSON.parse(request.body) as { name: string; description?: string };
  if (body.name.startsWith("refused"))
    return json(400, { code: "invalid_request", message: "The service refuses this name", status: 400 });
  if (body.name.startsWith("fails")) return json(500, { code: "boom", message: "internal", status: 500 });
  if (body.name.startsWith("busy") && !busyOnce.has(body.name)) {
    busyOnce.add(body.name);
    return json(429, { code: "slow_down", message: "Too many requests", status: 429 });
  }
  const created = store(body);
  if (body.name.startsWith("cut")) return { reset: "before-headers" };
  if (body.name.startsWith("slow")) return { ...json(201, created), delayMs: TIMEOUT_MS * 3 };
  return { ...json(201, created), delayMs: 40 };
}

beforeAll(async () => {
  fake = await startFakeCatalogue((request) => {
    if (request.method !== "POST") return behave(request);
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    const reply = behave(request);
    const delay = "delayMs" in reply ? (reply.delayMs ?? 0) : 0;
    setTimeout(() => inFlight--, delay);
    return reply;
  });
  proxy = await startTcpProxy(fake.url);
  vi.stubEnv("CATALOGUE_API_URL", proxy.url);
  vi.stubEnv("CATALOGUE_API_KEY", "import-test-key");
  vi.stubEnv("CATALOGUE_TIMEOUT_MS", String(TIMEOUT_MS));
  vi.stubEnv("CATALOGUE_BREAKER_FAILURES", "0");
  vi.stubEnv("SESSION_SECRET", SESSION_SECRET);
  vi.stubEnv("APP_ORIGIN", "http://admin.test");
});
afterAll(async () => {
  await proxy.stop();
  await fake.close();
});
beforeEach(() => {
  stored = [{ id: 1, name: "Dog", description: "Domestic dogs" }];
  fake.requests.length = 0;
  inFlight = 0;
  mostInFlight = 0;
  busyOnce = new Set();
  listFails = false;
});

const { readImportFile } = await import("@/lib/server/imports/read-import-file");
const { classifyRows } = await import("@/lib/server/imports/classify-rows");
const jobs = await import("@/lib/server/jobs/job-store");
const states = await import("@/lib/server/jobs/job-states");
const { releaseLease, takeLease } = await import("@/lib/server/jobs/job-lease");
const { runJob } = await import("@/lib/server/jobs/job-runner");
const { query } = await import("@/lib/server/db/database");

async function preview(csv: string): Promise<string> {
  const file = readImportFile(Buffer.from(csv), 20_000);
  const current = stored.map((category) => ({ ...category, id: String(category.id) }));
  return jobs.createJob({
    kind: "import",
    fileName: "test.csv",
    createdBy: "ada",
    ignoredColumns: file.ignoredColumns,
    rows: classifyRows(file.rows, current),
  });
}

async function start(id: string, createExisting = false) {
  expect(
    await states.startJob(
      id,
      stored.map((category) => String(category.id)),
      createExisting,
    ),
  ).toBe(true);
}

/** Runs a job until it ends or pauses, as the worker does, without waiting out the rests it asks for. */
async function run(id: string, stopping = () => false): Promise<number[]> {
  const rests: number[] = [];
  await runJob(id, { leaseOwner: "test", concurrency: 4, stopping, rest: async (ms) => rests.push(ms) });
  return rests;
}

const posted = () =>
  fake.requests
    .filter((request) => request.method === "POST")
    .map((request) => (JSON.parse(request.body) as { name: string }).name);
const rowsOf = async (id: string) =>
  Object.fromEntries(((await jobs.readJobWithRows(id))?.rows ?? []).map((row) => [row.name, row]));

describe("an import job", () => {
  it("creates the new rows only, skipping names already there, repeats and invalid rows", async () => {
    const id = await preview(
      "name,description,id\nHamster,small,77\n dog ,again,\nhamster,repeat,\n,no name,\nFerret,,\n",
    );
    const job = await jobs.readJob(id);
    expect(job?.counts).toMatchObject({ rows: 5, new: 2, existing: 1, repeated: 1, invalid: 1 });
    expect(job).toMatchObject({ ignoredColumns: ["id"] });
    await start(id);
    await run(id);

    expect(posted().sort()).toEqual(["Ferret", "Hamster"]);
    const rows = await rowsOf(id);
    expect(rows.Hamster).toMatchObject({ state: "created", categoryId: expect.any(String) });
    expect(rows[" dog "]).toMatchObject({ state: "skipped", existingId: "1" });
    expect(rows.hamster).toMatchObject({ state: "skipped", class: "repeated" });
    expect(stored.find((category) => category.name === "Ferret")).not.toHaveProperty("description");
    expect((await jobs.readJob(id))?.state).toBe("finished");
    const { rows: audit } = await query<{ action: string; details: Record<string, unknown> }>(
      `SELECT action, details FROM audit_events WHERE details->>'importId' = $1 ORDER BY id`,
      [id],
    );
    expect(audit.filter((event) => event.action === "category_created")).toHaveLength(2);
    expect(audit.at(-1)).toMatchObject({
      action: "import_finished",
      details: { created: 2, skipped: 3, failed: 0, unknown: 0, fileName: "test.csv" },
    });
  });

  it("creates the existing names too when asked", async () => {
    const id = await preview("name\ndog\n");
    await start(id, true);
    await run(id);
    expect(posted()).toEqual(["dog"]);
  });

  it("never has more than 4 creates in flight", async () => {
    const id = await preview(`name\n${Array.from({ length: 24 }, (_, i) => `Breed ${i}`).join("\n")}\n`);
    await start(id);
    await run(id);
    expect(posted()).toHaveLength(24);
    expect(mostInFlight).toBeLessThanOrEqual(4);
    expect(mostInFlight).toBeGreaterThan(1);
  });

  it("checks creates without a response against the list, never sending them twice", async () => {
    const id = await preview(
      "name,description\ncut off,after create\nslow one,after create\nfails here,not created\nPlain,\n",
    );
    await start(id);
    await run(id);

    expect(posted().sort()).toEqual(["Plain", "cut off", "fails here", "slow one"]);
    const rows = await rowsOf(id);
    expect(rows["cut off"]).toMatchObject({
      state: "created",
      confirmedLate: true,
      categoryId: String(stored.find((c) => c.name === "cut off")?.id),
    });
    expect(rows["slow one"]).toMatchObject({ state: "created", confirmedLate: true });
    expect(rows["fails here"]).toMatchObject({ state: "unknown", confirmedLate: false });
    expect(stored.filter((category) => category.name === "cut off")).toHaveLength(1);
    expect((await jobs.readJob(id))?.counts).toMatchObject({ created: 3, unknown: 1, confirmedLate: 2 });

    // A person decides to send the unknown one again: the same job carries on.
    expect(await states.applyJobAction(id, { action: "send-unknown-again" })).toBe(true);
    await run(id);
    expect(posted().filter((name) => name === "fails here")).toHaveLength(2);
    expect((await jobs.readJob(id))?.state).toBe("finished");
  });

  it("does not take a category that was already there as the one a create without a response made", async () => {
    stored.push({ id: 5, name: "fails twice", description: "x" });
    const id = await preview("name,description\nfails twice,x\n");
    await start(id, true);
    await run(id);
    expect((await rowsOf(id))["fails twice"]).toMatchObject({ state: "unknown" });
  });

  it("keeps checking, running, while the list cannot be read to check unconfirmed creates; never pauses", async () => {
    const id = await preview("name\ncut while down\n");
    await start(id);
    listFails = true;
    const rests: number[] = [];
    await runJob(id, {
      leaseOwner: "test",
      concurrency: 4,
      stopping: () => false,
      rest: async (ms) => {
        rests.push(ms);
        if (rests.length < 3) return;
        expect(await jobs.readJob(id)).toMatchObject({ state: "running", counts: { unknown: 1, pending: 0 } });
        listFails = false;
      },
    });
    // Each check that fails waits longer before the next.
    expect(rests[0]).toBeGreaterThan(0);
    expect(rests[2]).toBeGreaterThan(rests[1] ?? 0);
    expect((await jobs.readJob(id))?.state).toBe("finished");
    expect((await rowsOf(id))["cut while down"]).toMatchObject({ state: "created", confirmedLate: true });
    expect(posted()).toEqual(["cut while down"]);
  });

  it("when every row was sent and none confirmed, settles them against the list at once instead of pausing", async () => {
    const names = Array.from({ length: 5 }, (_, i) => `slow ${i}`);
    const id = await preview(`name\n${names.join("\n")}\n`);
    await start(id);
    await run(id);
    const job = await jobs.readJob(id);
    expect(job?.state).toBe("finished");
    expect(job?.counts).toMatchObject({ created: 5, unknown: 0, confirmedLate: 5 });
    expect(posted().sort()).toEqual(names);
  });

  it("marks rows the service refuses as failed with its message and goes on", async () => {
    const id = await preview("name\nrefused one\nOk one\n");
    await start(id);
    await run(id);
    const rows = await rowsOf(id);
    expect(rows["refused one"]).toMatchObject({ state: "failed", message: "The service refuses this name" });
    expect(rows["Ok one"]).toMatchObject({ state: "created" });
  });

  it("on 429, rests before sending that row again", async () => {
    const id = await preview("name\nbusy row\n");
    await start(id);
    await run(id);
    expect(posted()).toEqual(["busy row", "busy row"]);
    expect((await rowsOf(id))["busy row"]).toMatchObject({ state: "created" });
    expect(stored.filter((category) => category.name === "busy row")).toHaveLength(1);
  });

  it("pauses when the service cannot be reached, and Resume finishes it", async () => {
    const id = await preview(`name\n${Array.from({ length: 6 }, (_, i) => `Outage ${i}`).join("\n")}\n`);
    await start(id);
    await proxy.cut();
    try {
      await run(id);
    } finally {
      await proxy.restore();
    }
    const paused = await jobs.readJob(id);
    expect(paused).toMatchObject({ state: "paused", pauseReason: expect.stringContaining("could not be reached") });
    expect(paused?.counts).toMatchObject({ pending: 6, sending: 0 });

    expect(await states.applyJobAction(id, { action: "resume" })).toBe(true);
    await run(id);
    expect((await jobs.readJob(id))?.counts).toMatchObject({ created: 6 });
    expect(posted()).toHaveLength(6);
  });

  it("stops on shutdown with nothing in flight; the next run carries on without sending any row twice", async () => {
    const names = Array.from({ length: 12 }, (_, i) => `Shutdown ${i}`);
    const id = await preview(`name\n${names.join("\n")}\n`);
    await start(id);
    let stopping = false;
    setTimeout(() => (stopping = true), 60);
    await run(id, () => stopping);
    const between = await jobs.readJob(id);
    expect(between?.state).toBe("running");
    expect(between?.counts.sending).toBe(0);
    expect(between?.counts.pending).toBeGreaterThan(0);

    await run(id);
    expect(posted().sort()).toEqual([...names].sort());
    expect((await jobs.readJob(id))?.counts).toMatchObject({ created: 12 });
  });

  it("after a crash, a row caught sending is marked unknown and checked against the list, never resent", async () => {
    const id = await preview("name\nCrashed row\n");
    await start(id);
    // What a run whose process died leaves behind; another takes the job up only once that one's lease ran out.
    await query(`UPDATE import_rows SET state = 'sending' WHERE job_id = $1`, [id]);

    await run(id);
    expect(posted()).toEqual([]);
    expect((await rowsOf(id))["Crashed row"]).toMatchObject({
      state: "unknown",
      message: expect.stringContaining("stopped"),
    });
  });

  it("leaves a job alone while another process holds its lease, and runs it once that one gives it back", async () => {
    const id = await preview("name\nLeased row\n");
    await start(id);
    expect(await takeLease(id, "another process")).toBe(true);
    await run(id);
    expect(posted()).toEqual([]);
    await releaseLease(id, "another process");
    await run(id);
    expect(posted()).toEqual(["Leased row"]);
  });

  it("takes no new row once another process has taken its job over, and leaves the rest to that one", async () => {
    const id = await preview(`name\n${Array.from({ length: 40 }, (_, i) => `Taken ${i}`).join("\n")}\n`);
    await start(id);
    setTimeout(() => {
      void query(
        `UPDATE import_jobs SET lease_holder = 'another process', lease_expires = now() + interval '1 hour'
                  WHERE id = $1`,
        [id],
      );
    }, 60);
    await run(id);
    const job = await jobs.readJob(id);
    expect(job?.state).toBe("running");
    expect(job?.counts.sending).toBe(0);
    expect(job?.counts.created).toBe(posted().length);
    expect(job?.counts.pending).toBeGreaterThan(0);
    const { rows } = await query<{ lease_holder: string }>(`SELECT lease_holder FROM import_jobs WHERE id = $1`, [id]);
    expect(rows[0]?.lease_holder).toBe("another process");
  });

  it("cancel stops sending: the rest is skipped and the job ends cancelled", async () => {
    const id = await preview(`name\n${Array.from({ length: 30 }, (_, i) => `Cancel ${i}`).join("\n")}\n`);
    await start(id);
    setTimeout(() => void states.applyJobAction(id, { action: "cancel" }), 60);
    await run(id);
    const job = await jobs.readJob(id);
    expect(job?.state).toBe("cancelled");
    expect(job?.counts.created).toBe(posted().length);
    expect(job?.counts.created).toBeLessThan(30);
    expect(job?.counts.skipped).toBe(30 - posted().length);
  });
});
