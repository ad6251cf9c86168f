import { execFile } from "node:child_process";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, VIEWER, addAccount, addAccounts } from "../support/auth-fixture";
import { type FakeCatalogue, json, startFakeCatalogue } from "../support/fake-catalogue";
import { type StandaloneApp, signInOverHttp, startStandaloneApp } from "../support/standalone-app";
import { databaseAt, fileDatabaseKind } from "../support/test-database";

const status = async (app: StandaloneApp, cookie: string) =>
  (await fetch(`${app.url}/api/auth/session`, { headers: { cookie } })).status;

describe(`sessions, accounts, throttle and audit trail kept in ${fileDatabaseKind()}`, () => {
  let fake: FakeCatalogue;
  const databaseUrl = process.env.DATABASE_URL ?? "";
  const apps: StandaloneApp[] = [];
  const start = async () => {
    const app = await startStandaloneApp({ catalogueUrl: fake.url, env: { DATABASE_URL: databaseUrl } });
    apps.push(app);
    return app;
  };
  let pair: Promise<StandaloneApp[]> | undefined;
  /**
   * The two apps every test acts on: each start of the built app costs seconds of CPU, so the file starts them once,
   * and the restart test puts a third in the place of the one it stops.
   */
  const runningPair = async () => {
    const [first, second] = await (pair ??= Promise.all([start(), start()]));
    if (!first || !second) throw new Error("two apps expected");
    return [first, second] as const;
  };

  beforeAll(async () => {
    fake = await startFakeCatalogue(() => json(200, []));
    const db = databaseAt(databaseUrl);
    await addAccounts(db);
    await db.end();
  }, 60_000);

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.stop(2_000)));
    await fake?.close();
  });

  it("are shared by two app processes: signed in on one, signed out on the other", async () => {
    const [first, second] = await runningPair();
    const cookie = await signInOverHttp(first.url, ADMIN);
    expect(await status(second, cookie)).toBe(200);
    const signedOut = await fetch(`${second.url}/api/auth/logout`, { method: "POST", headers: { cookie } });
    expect(signedOut.status).toBe(204);
    expect(await status(first, cookie)).toBe(401);
  }, 60_000);

  it("are stored under a hash of the cookie's token, never the token", async () => {
    const [app] = await runningPair();
    const cookie = await signInOverHttp(app.url, ADMIN);
    const token = cookie.slice(cookie.indexOf("=") + 1);
    const client = new pg.Client(databaseUrl);
    await client.connect();
    try {
      const { rows } = await client.query<{ row: string }>(
        "SELECT row_to_json(sessions)::text AS row FROM sessions WHERE username = $1",
        [ADMIN.username],
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const { row } of rows) expect(row).not.toContain(token);
    } finally {
      await client.end();
    }
  }, 60_000);

  it("share the audit trail: a create on one app is listed by the other's /api/audit", async () => {
    const [first, second] = await runningPair();
    const name = "made on the first app";
    fake.reply((request) => (request.method === "POST" ? json(201, { id: 4242, name }) : json(200, [])));
    const cookie = await signInOverHttp(first.url, ADMIN);

    const created = await fetch(`${first.url}/api/categories`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ name }),
    });
    expect(created.status).toBe(201);
    const audit = await fetch(`${second.url}/api/audit?action=category_created&actor=${ADMIN.username}`, {
      headers: { cookie },
    });

    expect(audit.status).toBe(200);
    const { entries } = (await audit.json()) as { entries: unknown[] };
    expect(entries).toEqual([
      expect.objectContaining({ details: expect.objectContaining({ name, categoryId: "4242" }) }),
    ]);
  }, 60_000);

  it("end every session of a user removed with scripts/users.mjs while both apps run", async () => {
    const [first, second] = await runningPair();
    const leaver = { username: "leaver", password: "leaver-password-123" };
    const db = databaseAt(databaseUrl);
    await addAccount({ ...leaver, role: "admin" }, db);
    await db.end();
    const cookie = await signInOverHttp(first.url, leaver);
    expect(await status(second, cookie)).toBe(200);

    const { stdout } = await promisify(execFile)(process.execPath, ["scripts/users.mjs", "remove", leaver.username], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });

    expect(stdout).toContain(`Removed ${leaver.username}`);
    expect(await status(first, cookie)).toBe(401);
    expect(await status(second, cookie)).toBe(401);
  }, 60_000);

  // After the other tests of the pair: it stops one of the two and puts a newly started app in its place.
  it("survive a restart of the app", async () => {
    const [before, other] = await runningPair();
    const cookie = await signInOverHttp(before.url, ADMIN);
    expect(await status(before, cookie)).toBe(200);
    await before.stop(5_000);
    // The pair from here on, set before the start settles: should it fail, the next test fails on that, not on a
    // stopped app.
    pair = start().then((after) => [after, other]);
    const [after] = await runningPair();
    expect(await status(after, cookie)).toBe(200);
  }, 60_000);

  // Last: its ten failures from this address would refuse the sign-ins of the tests after it.
  it("share one sign-in throttle: 10 failures split over two apps, and the 11th attempt is refused by either", async () => {
    const [first, second] = await runningPair();
    const attempt = (app: StandaloneApp, password: string) =>
      fetch(`${app.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: VIEWER.username, password }),
      });
    for (let i = 0; i < 5; i++) {
      expect((await attempt(first, "wrong-password-1")).status).toBe(401);
      expect((await attempt(second, "wrong-password-2")).status).toBe(401);
    }
    expect((await attempt(first, VIEWER.password)).status).toBe(429);
    expect((await attempt(second, VIEWER.password)).status).toBe(429);
  }, 60_000);
});
