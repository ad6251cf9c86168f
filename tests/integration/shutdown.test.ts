import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, addAccounts } from "../support/auth-fixture";
import { type Exit, sleep } from "../support/child-process";
import { type FakeCatalogue, type RecordedRequest, json, startFakeCatalogue } from "../support/fake-catalogue";
import { eventually, refusesConnections } from "../support/probes";
import { type StandaloneApp, signInOverHttp, startStandaloneApp } from "../support/standalone-app";

beforeAll(() => addAccounts());

const CREATE_DELAY_MS = 1_500;
const GRACE_MS = 8_000;
const NAME = "created while stopping";

/** POST /api/categories as the signed-in admin; resolves with what came back and when. */
async function create(app: StandaloneApp, cookie: string, body: unknown) {
  const response = await fetch(`${app.url}/api/categories`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: await response.text(),
    requestId: response.headers.get("x-request-id"),
    at: Date.now(),
  };
}

const posts = (fake: FakeCatalogue): RecordedRequest[] => fake.requests.filter((request) => request.method === "POST");

describe("the app, sent SIGTERM while a create is in flight and refusals are counted but not yet written", () => {
  let fake: FakeCatalogue;
  let app: StandaloneApp;
  let created: Awaited<ReturnType<typeof create>>;
  let refusedWhileInFlight = false;
  let exit: Exit;
  let exitedAt = 0;

  beforeAll(async () => {
    fake = await startFakeCatalogue((request) =>
      request.method === "POST"
        ? { status: 201, body: JSON.stringify({ id: 4242, ...JSON.parse(request.body) }), delayMs: CREATE_DELAY_MS }
        : json(200, []),
    );
    app = await startStandaloneApp({ catalogueUrl: fake.url, env: { SHUTDOWN_GRACE_MS: String(GRACE_MS) } });
    // Counted, and written a minute later (refusal-counter.ts), unless the app stops first.
    for (let i = 0; i < 5; i++) expect((await fetch(`${app.url}/api/categories`)).status).toBe(401);
    const cookie = await signInOverHttp(app.url, ADMIN);
    const pending = create(app, cookie, { name: NAME, description: "sent just before SIGTERM" });
    // SIGTERM only once the create has reached the catalogue: it is then truly in flight.
    if (!(await eventually(() => posts(fake).length > 0, 5_000)))
      throw new Error("the create never reached the catalogue");
    app.process.kill("SIGTERM");
    refusedWhileInFlight = await eventually(() => refusesConnections(app.port), CREATE_DELAY_MS / 2);
    created = await pending;
    exit = await app.exited;
    exitedAt = Date.now();
  }, 30_000);

  afterAll(async () => {
    await app?.stop(2_000);
    await fake?.close();
  });

  it("answers the create in flight with 201 and the catalogue's category", () => {
    expect(created.status).toBe(201);
    expect(JSON.parse(created.body)).toEqual({ id: 4242, name: NAME, description: "sent just before SIGTERM" });
  });

  it("sends the create to the catalogue exactly once", () => {
    expect(posts(fake)).toHaveLength(1);
  });

  it("records the create in the audit trail exactly once, completed with its id, with its request id", async () => {
    const entries = (await app.auditEntries()).filter((entry) => entry.action.startsWith("category_create"));
    expect(entries).toEqual([
      {
        action: "category_created",
        actor: ADMIN.username,
        requestId: created.requestId,
        details: expect.objectContaining({ categoryId: "4242", name: NAME }),
      },
    ]);
  });

  it("refuses new connections while the create is still in flight", () => {
    expect(refusedWhileInFlight).toBe(true);
  });

  it("exits with code 0 within the grace period, after logging shutdown_started and shutdown_finished", () => {
    process.stdout.write(`\nshutdown: the app exited ${exitedAt - created.at} ms after answering its last request\n`);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(exitedAt - created.at).toBeLessThan(GRACE_MS);
    const events = app.logLines().map((line) => line.event);
    expect(events).toContain("shutdown_started");
    expect(events.indexOf("shutdown_finished")).toBeGreaterThan(events.indexOf("shutdown_started"));
  });

  it("writes the count of refusals to the audit trail before it exits", async () => {
    expect(
      (await app.auditEntries()).filter((entry) => entry.action === "refused").map((entry) => entry.details),
    ).toEqual([expect.objectContaining({ reason: "unauthenticated", address: "127.0.0.1", count: 5 })]);
  });
});

describe("the app, sent SIGTERM while a create hangs past the grace period", () => {
  let fake: FakeCatalogue;
  let app: StandaloneApp;
  let exit: Exit;
  let elapsedMs = 0;

  beforeAll(async () => {
    fake = await startFakeCatalogue((request) => (request.method === "POST" ? { hang: true } : json(200, [])));
    app = await startStandaloneApp({ catalogueUrl: fake.url, env: { SHUTDOWN_GRACE_MS: "1000" } });
    const cookie = await signInOverHttp(app.url, ADMIN);
    const pending = create(app, cookie, { name: "never answered" }).catch(() => undefined);
    if (!(await eventually(() => posts(fake).length > 0, 5_000)))
      throw new Error("the create never reached the catalogue");
    const started = Date.now();
    app.process.kill("SIGTERM");
    exit = await app.exited;
    elapsedMs = Date.now() - started;
    await pending;
  }, 30_000);

  afterAll(async () => {
    await app?.stop(2_000);
    await fake?.close();
  });

  it("stops waiting when the grace period runs out and exits with code 1", () => {
    expect(exit).toEqual({ code: 1, signal: null });
    expect(elapsedMs).toBeGreaterThanOrEqual(1_000);
    // Slack for a loaded machine; without the grace limit it would wait for the hung create forever.
    expect(elapsedMs).toBeLessThan(5_000);
    expect(app.logLines().map((line) => line.event)).toContain("shutdown_grace_exceeded");
  });
});

describe("the app, sent SIGTERM while a client keeps sending requests on a kept-alive connection", () => {
  let fake: FakeCatalogue;
  let app: StandaloneApp;
  let created: Awaited<ReturnType<typeof create>>;
  let exit: Exit;
  let exitedAt = 0;
  const answeredAfterSigterm: number[] = [];

  beforeAll(async () => {
    fake = await startFakeCatalogue((request) =>
      request.method === "POST" ? { status: 201, body: '{"id":77,"name":"polled"}', delayMs: 1_000 } : json(200, []),
    );
    app = await startStandaloneApp({ catalogueUrl: fake.url, env: { SHUTDOWN_GRACE_MS: "5000" } });
    const cookie = await signInOverHttp(app.url, ADMIN);
    const pending = create(app, cookie, { name: "polled" });
    if (!(await eventually(() => posts(fake).length > 0, 5_000)))
      throw new Error("the create never reached the catalogue");
    app.process.kill("SIGTERM");
    const sigtermAt = Date.now();
    // Like an open browser tab: a request every 100 ms, on whatever connection the client still keeps alive.
    const poller = (async () => {
      while (app.process.exitCode === null && Date.now() - sigtermAt < 6_000) {
        const status = await fetch(`${app.url}/api/health`).then(
          (response) => response.status,
          () => 0,
        );
        if (status !== 0) answeredAfterSigterm.push(status);
        await sleep(100);
      }
    })();
    created = await pending;
    exit = await app.exited;
    exitedAt = Date.now();
    await poller;
  }, 30_000);

  afterAll(async () => {
    await app?.stop(2_000);
    await fake?.close();
  });

  it("still exits with code 0 soon after answering the create in flight", () => {
    process.stdout.write(
      `\nshutdown: with a polling client the app exited ${exitedAt - created.at} ms after the create, ${JSON.stringify(exit)}, having answered ${answeredAfterSigterm.length} more requests\n`,
    );
    expect(created.status).toBe(201);
    expect(exit).toEqual({ code: 0, signal: null });
    // The client would poll for 6 s; two seconds leaves slack for a loaded machine.
    expect(exitedAt - created.at).toBeLessThan(2_000);
  });
});
