import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN } from "../support/auth-fixture";
import { type FakeCatalogue, json, startFakeCatalogue } from "../support/fake-catalogue";
import { type StandaloneApp, signInOverHttp, startStandaloneApp } from "../support/standalone-app";
import { tempFiles } from "../support/temp-files";

const temp = tempFiles();
afterAll(() => temp.remove());

const status = async (app: StandaloneApp, cookie: string) => (await fetch(`${app.url}/api/auth/session`, { headers: { cookie } })).status;

// The embedded database always; a real PostgreSQL server too when TEST_POSTGRES_URL names one (.ci/run starts one).
const databases = [
  ["the embedded database", process.env.DATABASE_URL ?? ""],
  ...(process.env.TEST_POSTGRES_URL ? [["PostgreSQL", process.env.TEST_POSTGRES_URL]] : []),
];

describe.each(databases)("sessions kept in %s", (_name, databaseUrl) => {
  let fake: FakeCatalogue;
  let usersFile: string;
  const apps: StandaloneApp[] = [];
  const start = async () => {
    const app = await startStandaloneApp({ catalogueUrl: fake.url, usersFile, env: { DATABASE_URL: databaseUrl } });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    fake = await startFakeCatalogue(() => json(200, []));
    usersFile = await temp.usersFile();
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.stop(2_000)));
    await fake?.close();
  });

  it("are shared by two app processes: signed in on one, signed out on the other", async () => {
    const [first, second] = await Promise.all([start(), start()]);
    if (!first || !second) throw new Error("two apps expected");
    const cookie = await signInOverHttp(first.url, ADMIN);
    expect(await status(second, cookie)).toBe(200);
    const signedOut = await fetch(`${second.url}/api/auth/logout`, { method: "POST", headers: { cookie } });
    expect(signedOut.status).toBe(204);
    expect(await status(first, cookie)).toBe(401);
  }, 60_000);

  it("are stored under a hash of the cookie's token, never the token", async () => {
    const app = await start();
    const cookie = await signInOverHttp(app.url, ADMIN);
    const token = cookie.slice(cookie.indexOf("=") + 1);
    const client = new pg.Client(databaseUrl);
    await client.connect();
    try {
      const { rows } = await client.query<{ row: string }>("SELECT row_to_json(sessions)::text AS row FROM sessions WHERE username = $1", [ADMIN.username]);
      expect(rows.length).toBeGreaterThan(0);
      for (const { row } of rows) expect(row).not.toContain(token);
    } finally {
      await client.end();
    }
  }, 60_000);

  it("survive a restart of the app", async () => {
    const before = await start();
    const cookie = await signInOverHttp(before.url, ADMIN);
    expect(await status(before, cookie)).toBe(200);
    await before.stop(5_000);
    const after = await start();
    expect(await status(after, cookie)).toBe(200);
  }, 60_000);
});
