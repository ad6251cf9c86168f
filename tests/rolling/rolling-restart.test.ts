import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/ports.mjs";
import { seedUsers } from "../../scripts/lib/seed-users.mjs";
import { type StandaloneServer, startStandaloneServer } from "../../scripts/lib/standalone-server.mjs";
import { type CatalogueProcess, startCatalogueProcess } from "../support/catalogue-process";
import { type FollowedStream, followEventStream, openEventStream } from "../support/event-stream-reader";
import { startNginx } from "./nginx";

// Two replicas on one PostgreSQL behind nginx, restarted one after the other while signed-in clients keep reading and
// creating through nginx, and 20 live streams stay open: nothing may fail, every create must be made exactly once,
// nobody may be signed out, and every stream must hear of every create.
const SERVER = process.env.TEST_POSTGRES_URL;
if (!SERVER) throw new Error("The rolling restart needs PostgreSQL: set TEST_POSTGRES_URL (.ci/run starts one).");
const API_KEY = "rolling-restart-key-5f1e";
const SESSION_SECRET = randomBytes(32).toString("base64url");
const CLIENTS = 6;
// Four sessions of five tabs, within LIVE_MAX_STREAMS_PER_SESSION.
const SESSIONS = 4;
const STREAMS_PER_SESSION = 5;
const ADMIN = { username: "rolling-admin", role: "admin", password: "rolling-password-123" } as const;

let dir: string;
let databaseUrl: string;
let admin: pg.Client;
let service: CatalogueProcess;
let nginx: Awaited<ReturnType<typeof startNginx>>;
let origin: string;
const ports: number[] = [];
const replicas: (StandaloneServer | undefined)[] = [];

function startReplica(index: number): Promise<StandaloneServer> {
  return startStandaloneServer({
    port: ports[index],
    onlyEnv: true,
    env: {
      CATALOGUE_API_URL: service.url,
      CATALOGUE_API_KEY: API_KEY,
      CATALOGUE_ENVIRONMENT: "local",
      DATABASE_URL: databaseUrl,
      SESSION_SECRET,
      APP_ORIGIN: origin,
      TRUSTED_PROXIES: "127.0.0.1",
      SHUTDOWN_READY_DELAY_MS: "1500",
      SHUTDOWN_GRACE_MS: "10000",
      LOG_LEVEL: "warn",
    },
    // Ready, not just up: the database and the catalogue service answer.
    ready: { path: "/api/ready" },
  });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "rolling-restart-"));
  const name = `rolling_${process.pid}_${Date.now()}`;
  admin = new pg.Client(SERVER);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  databaseUrl = Object.assign(new URL(SERVER), { pathname: `/${name}` }).toString();
  service = await startCatalogueProcess({ dataFile: join(dir, "catalogue.json"), apiKey: API_KEY });
  ports.push(await freePort(), await freePort());
  const nginxPort = await freePort();
  origin = `http://127.0.0.1:${nginxPort}`;
  replicas[0] = await startReplica(0);
  replicas[1] = await startReplica(1);
  await seedUsers(databaseUrl, [ADMIN]);
  nginx = await startNginx({ port: nginxPort, replicas: ports, dir });
}, 120_000);

afterAll(async () => {
  await nginx?.stop(5_000);
  for (const replica of replicas) await replica?.stop(15_000);
  await service?.stop();
  await admin?.query(`DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`);
  await admin?.end();
  await rm(dir, { recursive: true, force: true });
});

async function signIn(): Promise<string> {
  const login = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
  });
  expect(login.status).toBe(204);
  return (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}

async function inDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

it("passes a live event through nginx at once, uncompressed, though nginx compresses other answers", async () => {
  const cookie = await signIn();
  const stream = await openEventStream(`${origin}/api/events`, { cookie, "accept-encoding": "gzip" });
  try {
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get("content-encoding")).toBeNull();
    await expect.poll(() => stream.lastEventId()).toMatch(/^\d+$/);
    const created = await fetch(`${origin}/api/categories`, {
      method: "POST",
      headers: { cookie, origin, "content-type": "application/json" },
      body: JSON.stringify({ name: "through nginx" }),
    });
    expect(created.status).toBe(201);
    // One event with nothing after it: a buffer or a compressor in the way would hold it.
    const [event] = await stream.next(1, 5_000);
    expect(JSON.parse(event?.data ?? "").category.name).toBe("through nginx");
  } finally {
    stream.close();
  }
});

type Failure = { what: string; status: number; body: string };

it("restarts replica A, then B, behind nginx with zero failed requests, each create made once, nobody signed out", async () => {
  const cookie = await signIn();
  const before = await inDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>("SELECT coalesce(max(id), 0)::text AS id FROM live_events");
    return rows[0]?.id ?? "0";
  });
  const streams: FollowedStream[] = [];
  for (let i = 0; i < SESSIONS; i++) {
    const sessionCookie = await signIn();
    for (let j = 0; j < STREAMS_PER_SESSION; j++)
      streams.push(followEventStream(`${origin}/api/events`, { cookie: sessionCookie }));
  }
  await expect.poll(() => streams.filter((stream) => stream.statuses.includes(200)).length).toBe(streams.length);

  const failures: Failure[] = [];
  const created: string[] = [];
  let reads = 0;
  let running = true;
  const check = async (what: string, request: Promise<Response>, expected: number) => {
    try {
      const response = await request;
      const body = await response.text();
      if (response.status !== expected) failures.push({ what, status: response.status, body: body.slice(0, 300) });
      return response.status === expected;
    } catch (error) {
      failures.push({ what, status: 0, body: String(error) });
      return false;
    }
  };
  // A bounded loop per client: reads, and a create every third request, each a new name.
  const client = async (id: number) => {
    for (let i = 0; running && i < 100_000; i++) {
      if (i % 3 === 2) {
        const name = `rolling ${id}-${i}`;
        const sent = fetch(`${origin}/api/categories`, {
          method: "POST",
          headers: { cookie, origin, "content-type": "application/json" },
          body: JSON.stringify({ name }),
        });
        if (await check(`create ${name}`, sent, 201)) created.push(name);
      } else if (await check("list", fetch(`${origin}/api/categories`, { headers: { cookie } }), 200)) reads++;
    }
  };
  const load = Promise.all(Array.from({ length: CLIENTS }, (_, id) => client(id)));

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  await pause(1_000);
  for (const index of [0, 1]) {
    // nginx has no readiness checks: the replica is taken out of the upstream first, as docs/deployment.md says.
    // Closing a listener resets the connections still in its accept queue, and nginx does not resend a POST it has
    // sent, so a SIGTERM alone would fail an occasional create.
    await nginx.setDown(ports[index]);
    const exit = await replicas[index]?.stop(20_000);
    expect(exit, `replica ${index} exit`).toEqual({ code: 0, signal: null });
    replicas[index] = await startReplica(index);
    await nginx.setDown(undefined);
    await pause(1_000);
  }
  running = false;
  await load;
  process.stdout.write(
    `\nrolling restart: ${reads} reads and ${created.length} creates through nginx, ${failures.length} failed\n`,
  );

  // nginx's error log says why a request failed (which replica, and what the connection did).
  const nginxLog = failures.length > 0 ? await readFile(join(dir, "error.log"), "utf8") : "";
  expect(failures, nginxLog).toEqual([]);
  expect(reads).toBeGreaterThan(50);
  expect(created.length).toBeGreaterThan(20);
  const atService = ((await (await service.call("GET")).json()) as { name: string }[]).map((category) => category.name);
  expect(atService.filter((name) => name.startsWith("rolling ")).sort()).toEqual([...created].sort());
  const session = await fetch(`${origin}/api/auth/session`, { headers: { cookie } });
  expect(session.status).toBe(200);

  // Every stream was ended by the restart of its replica, reconnected, and heard of every create, once and in order.
  const expected = await inDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      "SELECT id::text AS id FROM live_events WHERE type = 'category-created' AND id > $1 ORDER BY live_events.id",
      [before],
    );
    return rows.map((row) => row.id);
  });
  expect(expected).toHaveLength(created.length);
  const heard = (stream: FollowedStream) =>
    stream.events.filter((event) => event.event === "category-created").map((event) => event.id);
  await expect.poll(() => streams.filter((stream) => heard(stream).length < expected.length).length).toBe(0);
  for (const stream of streams) stream.close();
  for (const stream of streams) {
    expect(heard(stream)).toEqual(expected);
    expect(stream.events.filter((event) => event.event === "resync")).toEqual([]);
    expect(stream.statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(2);
  }
  const reconnects = streams.reduce((sum, stream) => sum + stream.statuses.length - 1, 0);
  process.stdout.write(`live: ${streams.length} streams, ${reconnects} reconnects, ${expected.length} events each\n`);
}, 120_000);
