import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, addAccounts } from "../support/auth-fixture";
import { type FakeCatalogue, json, startFakeCatalogue } from "../support/fake-catalogue";
import { eventually } from "../support/probes";
import { type StandaloneApp, signInOverHttp, startStandaloneApp } from "../support/standalone-app";
import { type TcpProxy, startTcpProxy } from "../support/tcp-proxy";
import { databaseAt, fileDatabaseKind } from "../support/test-database";

const STATEMENT_TIMEOUT_MS = 500;

describe(`with ${fileDatabaseKind()} behind a loopback proxy that a test cuts`, () => {
  const databaseUrl = process.env.DATABASE_URL ?? "";
  let proxy: TcpProxy;
  let fake: FakeCatalogue;
  let app: StandaloneApp;
  let cookie: string;

  const get = (path: string, headers: Record<string, string> = { cookie }) =>
    fetch(`${app.url}${path}`, { headers, redirect: "manual" });
  const createCategory = () =>
    fetch(`${app.url}/api/categories`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ name: "during the fault" }),
    });

  beforeAll(async () => {
    const db = databaseAt(databaseUrl);
    await addAccounts(db);
    await db.end();
    proxy = await startTcpProxy(databaseUrl);
    fake = await startFakeCatalogue((request) =>
      request.method === "POST" ? json(201, { id: 5, name: "during the fault" }) : json(200, []),
    );
    app = await startStandaloneApp({
      catalogueUrl: fake.url,
      env: {
        DATABASE_URL: proxy.url,
        DATABASE_CONNECT_TIMEOUT_MS: "1000",
        DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      },
    });
    cookie = await signInOverHttp(app.url, ADMIN);
  }, 60_000);

  afterAll(async () => {
    await app?.stop(2_000);
    await fake?.close();
    await proxy?.stop();
  });

  it("down: ready says why, requests get 503 store_unavailable (never 401 or 500, the cookie kept), and it recovers with the same session", async () => {
    expect((await get("/api/ready", {})).status).toBe(200);
    await proxy.cut();
    try {
      const ready = await get("/api/ready", {});
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ code: "not_ready", message: "The app's database is not answering." });

      const list = await get("/api/categories");
      expect(list.status).toBe(503);
      expect(await list.json()).toMatchObject({ code: "store_unavailable", status: 503 });
      expect(list.headers.get("retry-after")).toBe("5");
      expect(list.headers.get("set-cookie")).toBeNull();

      const signIn = await fetch(`${app.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
      });
      expect(signIn.status).toBe(503);
      expect(await signIn.json()).toMatchObject({ code: "store_unavailable" });

      const created = await createCategory();
      expect(created.status).toBe(503);
      expect(fake.requests.filter((request) => request.method === "POST")).toEqual([]);

      // A page says so, keeps the person where they are, and neither signs them out nor sends them to sign in.
      for (const path of ["/categories", "/categories/new", "/categories/import", "/history"]) {
        const page = await get(path);
        expect(page.status, path).toBe(200);
        expect(page.headers.get("location"), path).toBeNull();
        expect(page.headers.get("set-cookie"), path).toBeNull();
        expect(await page.text(), path).toContain("The app&#x27;s database is not answering");
      }
    } finally {
      await proxy.restore();
    }
    expect(await eventually(async () => (await get("/api/categories")).status === 200, 10_000)).toBe(true);
    expect((await get("/api/ready", {})).status).toBe(200);
  }, 60_000);

  it("slow: a statement held up by a lock is cut by the timeouts and answered 503, then served once the lock goes", async () => {
    // Straight to the database, not through the proxy: the lock holder is another client, as in a long migration.
    const holder = new pg.Client(databaseUrl);
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query("LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE");
      const started = Date.now();
      const held = await get("/api/categories");
      const waited = Date.now() - started;
      expect(held.status).toBe(503);
      expect(await held.json()).toMatchObject({ code: "store_unavailable" });
      // The server's statement timeout, or the client's own one second later (the embedded database queues it).
      expect(waited).toBeLessThan(STATEMENT_TIMEOUT_MS + 1_000 + 1_500);
    } finally {
      await holder.query("COMMIT").catch(() => {});
      await holder.end();
    }
    expect(await eventually(async () => (await get("/api/categories")).status === 200, 10_000)).toBe(true);
  }, 60_000);
});
