import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppUnderTest, startAppUnderTest } from "../support/app-under-test";
import { ADMIN, addAccounts } from "../support/auth-fixture";
import { openEventStream } from "../support/event-stream-reader";
import { type TcpProxy, startTcpProxy } from "../support/tcp-proxy";
import { databaseAt, fileDatabaseKind } from "../support/test-database";

const POOL_MAX = 2;

/** How many connections the app holds, as PostgreSQL itself lists them: its pool's, and the live events' listener. */
async function connectionsListedBy(databaseUrl: string): Promise<number> {
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = ANY($1)`,
      [["categories-admin", "categories-admin-live"]],
    );
    return rows[0]?.count ?? 0;
  } finally {
    await client.end();
  }
}

// Next builds instrumentation, the proxy, route handlers and pages as separate bundles: a pool kept in a plain module
// variable would exist once in each of them, and one process would hold several times DATABASE_POOL_MAX connections.
// Live events add one listening connection outside the pool, once a stream is open (decision 034): the budget is
// DATABASE_POOL_MAX + 1.
describe(`one app process on ${fileDatabaseKind()} with DATABASE_POOL_MAX=2 and live streams open`, () => {
  const databaseUrl = process.env.DATABASE_URL ?? "";
  let proxy: TcpProxy;
  let app: AppUnderTest;
  const statuses: Record<string, number> = {};
  let heldAfterwards = 0;

  beforeAll(async () => {
    const db = databaseAt(databaseUrl);
    await addAccounts(db);
    await db.end();
    // Every connection the app opens goes through this proxy, which counts them.
    proxy = await startTcpProxy(databaseUrl);
    app = await startAppUnderTest({ DATABASE_URL: proxy.url, DATABASE_POOL_MAX: String(POOL_MAX) });
    // Startup's migration uses a client of its own; what counts is the pool from here on.
    proxy.resetPeak();

    const call = async (label: string, path: string, init: RequestInit = {}) => {
      const response = await app.request(path, init);
      await response.arrayBuffer();
      statuses[label] = response.status;
      return response;
    };
    await call("failed sign-in", "/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: ADMIN.username, password: "not-the-password" }),
    });
    const cookie = await app.signIn(ADMIN);
    const headers = { cookie };
    const imported = await app.request("/api/imports", {
      method: "POST",
      headers: { ...headers, "content-type": "text/csv", "x-file-name": "pool.csv" },
      body: "name,description\nferrets,Small and curious\n",
    });
    statuses["import preview"] = imported.status;
    const { id } = (await imported.json()) as { id: string };
    // Streams from two tabs: one listener for the process, however many streams.
    const streams = await Promise.all([0, 1].map(() => openEventStream(`${app.server.url}/api/events`, { cookie })));
    statuses["event streams"] = Math.max(...streams.map((stream) => stream.response.status));
    // Each kind of route twice at once, so that every copy of a pool would have reason to open all it may.
    const everyRoute = () =>
      Promise.all([
        call("home page", "/", { headers }),
        call("categories page", "/categories", { headers }),
        call("new category page", "/categories/new", { headers }),
        call("import page", "/categories/import", { headers }),
        call("import job page", `/categories/import/${id}`, { headers }),
        call("history page", "/history", { headers }),
        call("sign-in page", "/login"),
        call("signed-out page", "/categories"),
        call("session", "/api/auth/session", { headers }),
        call("category list", "/api/categories", { headers }),
        call("signed-out list", "/api/categories"),
        call("audit", "/api/audit", { headers }),
        call("audit export", "/api/audit/export", { headers }),
        call("import jobs", "/api/imports", { headers }),
        call("import job", `/api/imports/${id}`, { headers }),
        call("import rows", `/api/imports/${id}/rows`, { headers }),
        call("readiness", "/api/ready"),
        call("health", "/api/health"),
      ]);
    await Promise.all([everyRoute(), everyRoute()]);
    await call("create", "/api/categories", {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ name: `pool check ${fileDatabaseKind()}` }),
    });
    await call("sign-out", "/api/auth/logout", { method: "POST", headers });
    // Ended with the session, and the listener stays for the next stream.
    await Promise.all(streams.map((stream) => stream.ended));
    // The pool closes idle connections only after a while, so what it opened for the calls is still held here.
    heldAfterwards =
      fileDatabaseKind() === "PostgreSQL" ? await connectionsListedBy(databaseUrl) : proxy.openConnections();
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await proxy?.stop();
  });

  it("answers every route without a database error", () => {
    expect(Object.keys(statuses)).toHaveLength(23);
    expect(Object.entries(statuses).filter(([, status]) => status >= 500)).toEqual([]);
  });

  it("never has more than DATABASE_POOL_MAX + 1 connections open at once", () => {
    expect(proxy.peakConnections()).toBeGreaterThan(0);
    expect(proxy.peakConnections()).toBeLessThanOrEqual(POOL_MAX + 1);
  });

  it("holds at most DATABASE_POOL_MAX + 1 connections once every kind of route was called", () => {
    expect(heldAfterwards).toBeGreaterThan(1);
    expect(heldAfterwards).toBeLessThanOrEqual(POOL_MAX + 1);
  });
});
