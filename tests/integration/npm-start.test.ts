import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIN_COST_LOG2, hashPassword } from "@/lib/node/password.mjs";
import { freePort } from "../../scripts/lib/ports.mjs";
import { type Child, spawnNode, waitForOutput } from "../support/child-process";
import { eventually } from "../support/probes";

/** `npm start` as a person runs it: nothing but DATA_DIR and a port, on a machine with nothing else installed. */
async function npmStart(dataDir: string, port: number): Promise<Child> {
  const child = spawnNode("scripts/start.mjs", { DATA_DIR: dataDir, PORT: String(port), HOME: process.env.HOME ?? "" });
  await waitForOutput(child, /Ready in/, 60_000);
  return child;
}

const signIn = (port: number, username: string, password: string) =>
  fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });

const names = async (response: Response) =>
  ((await response.json()) as { name: string }[]).map((category) => category.name).sort();

/** Two embedded services, production and staging, each with its own data file and its own first categories. */
async function expectBothEnvironments(port: number, cookie: string, dataDir: string) {
  const list = (query: string) => fetch(`http://127.0.0.1:${port}/api/categories${query}`, { headers: { cookie } });
  const production = await names(await list(""));
  expect(production).toEqual(["cat", "dog", "rabbit"]);
  expect(await names(await list("?environment=production"))).toEqual(production);
  const staging = await names(await list("?environment=staging"));
  expect(staging).toEqual(expect.arrayContaining(production));
  expect(staging.length).toBeGreaterThan(production.length);
  expect(await readdir(dataDir)).toEqual(expect.arrayContaining(["catalogue.json", "catalogue-staging.json"]));
  const ready = await fetch(`http://127.0.0.1:${port}/api/ready`);
  expect(await ready.json()).toEqual({ status: "ready", catalogues: { production: "up", staging: "up" } });
}

/** Compare shows what only staging has, and a promotion adds it to production: the "a promotion works there". */
async function expectPromotion(port: number, cookie: string) {
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`http://127.0.0.1:${port}${path}`, {
      ...init,
      headers: { cookie, "content-type": "application/json", ...init.headers },
    });
  const before = (await (await api("/api/compare")).json()) as { onlyInStaging: { id: string; name: string }[] };
  expect(before.onlyInStaging.length).toBeGreaterThan(0);
  const ids = before.onlyInStaging.map((category) => category.id);
  const started = await api("/api/promotions", {
    method: "POST",
    body: JSON.stringify({ from: "staging", to: "production", ids }),
  });
  expect(started.status).toBe(201);
  const { id } = (await started.json()) as { id: string };
  const state = async () => ((await (await api(`/api/promotions/${id}`)).json()) as { state: string }).state;
  expect(await eventually(async () => (await state()) === "finished", 20_000, 100)).toBe(true);
  const after = (await (await api("/api/compare")).json()) as { onlyInStaging: unknown[] };
  expect(after.onlyInStaging).toEqual([]);
  expect(await names(await api("/api/categories"))).toEqual(
    expect.arrayContaining(before.onlyInStaging.map((category) => category.name)),
  );
}

describe("npm start on a fresh machine", () => {
  let dataDir: string;
  let port: number;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "npm-start-"));
    port = await freePort();
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it("creates an admin with a printed password once, a restart signs nobody out, and both environments are there", async () => {
    const first = await npmStart(dataDir, port);
    let cookie: string;
    try {
      const [, password = ""] = await waitForOutput(first, /Sign in as {2}admin {2}with password {2}(\S+)/);
      const response = await signIn(port, "admin", password);
      expect(response.status).toBe(204);
      cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    } finally {
      expect(await first.stop()).toEqual({ code: 0, signal: null });
    }

    const second = await npmStart(dataDir, port);
    try {
      expect(second.output()).not.toContain("Created the first account");
      expect((await fetch(`http://127.0.0.1:${port}/api/auth/session`, { headers: { cookie } })).status).toBe(200);
      await expectBothEnvironments(port, cookie, dataDir);
      await expectPromotion(port, cookie);
    } finally {
      await second.stop();
    }
  }, 120_000);
});

describe("npm start against a PostgreSQL server of the organisation's (DATABASE_URL)", () => {
  it("creates no account and prints no password, even with nobody in the database", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "npm-start-server-"));
    const app = spawnNode("scripts/start.mjs", {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      HOME: process.env.HOME ?? "",
      DATABASE_URL: process.env.DATABASE_URL ?? "",
    });
    try {
      await waitForOutput(app, /Ready in/, 60_000);
      expect(app.output()).not.toContain("Created the first account");
      expect(app.output()).not.toContain("password");
    } finally {
      await app.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("npm start after an upgrade from a version with a users file", () => {
  it("imports DATA_DIR/users.json into the empty database, so everyone keeps their password", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "npm-start-upgrade-"));
    const port = await freePort();
    // The cheapest hash the app accepts: the import keeps it as it is, and the sign-in verifies it at its own cost.
    await writeFile(
      join(dataDir, "users.json"),
      JSON.stringify({
        users: [
          { username: "maria", role: "admin", passwordHash: await hashPassword("maria-password-1", MIN_COST_LOG2) },
        ],
      }),
    );
    const app = await npmStart(dataDir, port);
    try {
      expect(app.output()).toContain("Imported 1 account(s)");
      expect(app.output()).not.toContain("Created the first account");
      expect((await signIn(port, "maria", "maria-password-1")).status).toBe(204);
    } finally {
      await app.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
