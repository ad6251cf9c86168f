import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, addAccounts } from "../support/auth-fixture";
import { type EventStreamReader, openEventStream } from "../support/event-stream-reader";
import { type FakeCatalogue, json, startFakeCatalogue } from "../support/fake-catalogue";
import { type PgProxy, startPgProxy } from "../support/pg-proxy";
import { type StandaloneApp, signInOverHttp, startStandaloneApp } from "../support/standalone-app";

// The live hub's one connection outside the pool (decision 034), seen from a proxy in front of the database that
// lists what each connection sends: DATABASE_POOL_MAX + 1 connections at most, whatever LISTEN does, and nothing of
// the hub left once a SIGTERM has been handled.
const POOL_MAX = 2;
const FAILURES = 10;

let catalogue: FakeCatalogue;
let proxy: PgProxy;

const listens = () => proxy.queries().filter(({ text }) => /^LISTEN\b/.test(text));

/** A process on the proxy, signed in, with a stream open: the hub is then started. */
async function withStream(env: Record<string, string> = {}) {
  const app = await startStandaloneApp({
    catalogueUrl: catalogue.url,
    env: { DATABASE_URL: proxy.url, DATABASE_POOL_MAX: String(POOL_MAX), ...env },
  });
  const cookie = await signInOverHttp(app.url, ADMIN);
  const stream = await openEventStream(`${app.url}/api/events`, { cookie });
  expect(stream.response.status).toBe(200);
  return { app, cookie, stream };
}

beforeAll(async () => {
  await addAccounts();
  const held: object[] = [];
  catalogue = await startFakeCatalogue((request) => {
    if (request.method === "GET") return json(200, held);
    const category = { id: 1000 + held.length, ...(JSON.parse(request.body) as object) };
    held.push(category);
    return json(201, category);
  });
  proxy = await startPgProxy(process.env.DATABASE_URL ?? "");
});

afterAll(async () => {
  await proxy?.stop();
  await catalogue?.close();
});

describe("a process whose LISTEN fails again and again", () => {
  let app: StandaloneApp;
  let cookie: string;
  let stream: EventStreamReader;

  beforeAll(async () => {
    proxy.failQueries(/^LISTEN\b/);
    ({ app, cookie, stream } = await withStream());
  }, 60_000);

  afterAll(async () => {
    proxy.failQueries(undefined);
    stream?.close();
    await app?.kill();
  });

  it(`ends each refused connection, and never holds more than DATABASE_POOL_MAX + 1 after ${FAILURES} failures`, async () => {
    // The migration at start-up has a client of its own: the budget counts from the first stream.
    proxy.resetPeak();
    // One attempt every 5 s (live-hub.ts).
    await expect.poll(() => listens().length, { timeout: FAILURES * 5_000 + 30_000, interval: 200 }).toBe(FAILURES);
    expect(proxy.peakConnections()).toBeLessThanOrEqual(POOL_MAX + 1);
    const refused = listens().map(({ connection }) => connection);
    await expect.poll(() => refused.filter((connection) => proxy.isOpen(connection))).toEqual([]);

    // Meanwhile the stream works, read from the table every second.
    const created = await fetch(`${app.url}/api/categories`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ name: "Heard without LISTEN" }),
    });
    expect(created.status).toBe(201);
    const [event] = await stream.next();
    expect(JSON.parse(event?.data ?? "")).toMatchObject({ category: { name: "Heard without LISTEN" } });

    // Once LISTEN succeeds, its connection stays: still within the budget.
    proxy.failQueries(undefined);
    await expect.poll(() => listens().length, { timeout: 30_000, interval: 200 }).toBe(FAILURES + 1);
    expect(proxy.isOpen(listens().at(-1)!.connection)).toBe(true);
    expect(proxy.peakConnections()).toBeLessThanOrEqual(POOL_MAX + 1);
  }, 120_000);
});

describe("a process sent SIGTERM with streams open", () => {
  const GRACE_MS = 8_000;
  // Long enough to look at the process after its hub has stopped and before it exits.
  const READY_DELAY_MS = 4_000;
  let app: StandaloneApp;

  afterAll(() => app?.kill());

  it("closes the hub's connection and stops its reads at once, then exits with 0 within the grace time", async () => {
    const from = listens().length;
    const opened = await withStream({
      SHUTDOWN_READY_DELAY_MS: String(READY_DELAY_MS),
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
    });
    app = opened.app;
    const second = await openEventStream(`${app.url}/api/events`, { cookie: opened.cookie });
    await expect.poll(() => listens().length, { timeout: 10_000 }).toBeGreaterThan(from);
    const listening = listens().at(-1)!.connection;
    await expect.poll(() => proxy.isOpen(listening)).toBe(true);

    const signalled = Date.now();
    app.process.kill("SIGTERM");
    await Promise.all([opened.stream.ended, second.ended]);
    await expect.poll(() => proxy.isOpen(listening), { timeout: READY_DELAY_MS / 2 }).toBe(false);
    // Still running, in the drain's delay: the hub closed it, not the exit.
    expect(app.process.exitCode).toBeNull();
    // On the embedded database the hub reads the table every second: no more once it has stopped.
    const reads = () => proxy.queries().filter(({ text }) => /FROM live_events WHERE id > \$1/.test(text)).length;
    const readsAfterStop = reads();

    const exit = await app.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalled).toBeLessThan(READY_DELAY_MS + GRACE_MS);
    expect(reads()).toBe(readsAfterStop);
    const events = app.logLines().map((line) => line.event);
    expect(events).toContain("shutdown_finished");
    expect(events).not.toContain("shutdown_grace_exceeded");
  }, 60_000);
});
