import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, VIEWER, addAccount, addAccounts } from "../support/auth-fixture";
import { type EventStreamReader, openEventStream } from "../support/event-stream-reader";
import { type FakeCatalogue, json, startFakeCatalogue } from "../support/fake-catalogue";
import { type StandaloneApp, signInOverHttp, startStandaloneApp } from "../support/standalone-app";

let catalogue: FakeCatalogue;
let apps: StandaloneApp[];
let adminCookie: string;
let viewerCookie: string;
const streams: EventStreamReader[] = [];

const open = async (app: StandaloneApp, cookie: string, lastEventId?: string) => {
  const stream = await openEventStream(`${app.url}/api/events`, {
    cookie,
    ...(lastEventId !== undefined && { "last-event-id": lastEventId }),
  });
  streams.push(stream);
  return stream;
};

const create = async (app: StandaloneApp, name: string, description?: string) => {
  const response = await fetch(`${app.url}/api/categories`, {
    method: "POST",
    headers: { cookie: adminCookie, "content-type": "application/json" },
    body: JSON.stringify({ name, description }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number };
};

type JobUpdate = { id: string; kind: string; state: string; counts: Record<string, number> };

/** Uploads `csv` as an import and starts it; resolves with its id. */
async function startImport(app: StandaloneApp, csv: string): Promise<string> {
  const uploaded = await fetch(`${app.url}/api/imports`, {
    method: "POST",
    headers: { cookie: adminCookie, "content-type": "text/csv", "x-file-name": "live.csv" },
    body: csv,
  });
  expect(uploaded.status).toBe(201);
  const { id } = (await uploaded.json()) as { id: string };
  const started = await fetch(`${app.url}/api/imports/${id}`, {
    method: "POST",
    headers: { cookie: adminCookie, "content-type": "application/json" },
    body: JSON.stringify({ action: "start", createExisting: false }),
  });
  expect(started.status).toBe(200);
  return id;
}

/** The job-updated events of `stream` up to the one that says the job finished. */
async function jobUpdatesUntilFinished(stream: EventStreamReader): Promise<JobUpdate[]> {
  const updates: JobUpdate[] = [];
  while (updates.at(-1)?.state !== "finished") {
    const [event] = await stream.next();
    if (event?.event === "job-updated") updates.push(JSON.parse(event.data));
  }
  return updates;
}

// How long the fake takes to answer a create.
let createMs = 0;

beforeAll(async () => {
  const held: object[] = [];
  catalogue = await startFakeCatalogue((request) => {
    if (request.method === "GET") return json(200, held);
    const category = { id: 1000 + held.length, ...(JSON.parse(request.body) as object) };
    held.push(category);
    return { ...json(201, category), delayMs: createMs };
  });
  await addAccounts();
  // Two replicas on one database: an event written by one reaches the streams of the other. Only the second keeps
  // serving through a drain's delay, which the SIGTERM test needs (it stops the second replica).
  apps = await Promise.all(
    [0, 1].map((index) =>
      startStandaloneApp({
        catalogueUrl: catalogue.url,
        env: {
          LIVE_MAX_STREAMS_PER_SESSION: "4",
          ...(index === 1 && { LIVE_MAX_STREAMS: "6", SHUTDOWN_READY_DELAY_MS: "5000" }),
        },
      }),
    ),
  );
  adminCookie = await signInOverHttp(apps[0]!.url, ADMIN);
  viewerCookie = await signInOverHttp(apps[0]!.url, VIEWER);
}, 60_000);

afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});

afterAll(async () => {
  // Nothing is checked of how they stop: a SIGTERM would cost the second replica the rest of its drain's 5 s delay,
  // and either of them a second for the test's idle connections (drain.mjs).
  await Promise.all(apps.map((app) => app.kill()));
  await catalogue?.close();
});

describe("GET /api/events", () => {
  it("answers a request without a session with 401 and the usual Error body, not a stream", async () => {
    const response = await fetch(`${apps[0]!.url}/api/events`);
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ code: "unauthenticated", status: 401 });
  });

  it("is an unbuffered event stream that says how soon to reconnect before any event", async () => {
    // The server compresses what a client accepts compressed (next.config.js); a stream must not wait for a full
    // window of compressed output, so it is sent as it is.
    const stream = await openEventStream(`${apps[0]!.url}/api/events`, {
      cookie: viewerCookie,
      "accept-encoding": "gzip, deflate, br",
    });
    streams.push(stream);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(stream.response.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(stream.response.headers.get("x-accel-buffering")).toBe("no");
    expect(stream.response.headers.get("content-encoding")).toBeNull();
    await expect.poll(() => stream.text()).toMatch(/^retry: \d+\n/);
    // One event, with nothing after it to push it out.
    await create(apps[0]!, "Alone on the wire");
    const [event] = await stream.next(1, 5_000);
    expect(JSON.parse(event?.data ?? "").category.name).toBe("Alone on the wire");
  });

  it("sends a create made on either replica to a viewer's stream, with who made it and how", async () => {
    const here = await open(apps[0]!, viewerCookie);
    const there = await open(apps[1]!, viewerCookie);
    const { id } = await create(apps[1]!, "Live gecko", "Seen at once");
    for (const stream of [here, there]) {
      const [event] = await stream.next();
      expect(event?.event).toBe("category-created");
      expect(JSON.parse(event?.data ?? "")).toEqual({
        environment: "production",
        category: { id, name: "Live gecko", description: "Seen at once" },
        by: ADMIN.username,
        via: "form",
      });
      expect(Number(event?.id)).toBeGreaterThan(0);
    }
  });

  it("gives a client that reconnects with Last-Event-ID what it missed, in order, then the live events", async () => {
    const first = await open(apps[0]!, viewerCookie);
    const stayed = await open(apps[1]!, viewerCookie);
    await create(apps[0]!, "Missed 1");
    const [seen] = await first.next();
    expect(JSON.parse(seen?.data ?? "").category.name).toBe("Missed 1");
    first.close();
    // Enough that the ids pass from one digit to two (this file's database is new): order is by number, not text.
    const names = Array.from({ length: 11 }, (_, i) => `Missed ${i + 2}`);
    for (const [i, name] of names.entries()) await create(apps[i % 2]!, name);
    expect(Number(seen?.id)).toBeLessThan(10);

    const again = await open(apps[1]!, viewerCookie, seen?.id);
    const missed = await again.next(names.length);
    expect(missed.map((event) => JSON.parse(event.data).category.name)).toEqual(names);
    const ids = missed.map((event) => Number(event.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids[0]).toBeGreaterThan(Number(seen?.id));
    const heardLive = await stayed.next(1 + names.length);
    expect(heardLive.map((event) => JSON.parse(event.data).category.name)).toEqual(["Missed 1", ...names]);
    await create(apps[0]!, "Live after");
    const [live] = await again.next();
    expect(JSON.parse(live?.data ?? "").category.name).toBe("Live after");
  });

  it("gives an id before any event, so that a client reconnecting before its first event misses nothing", async () => {
    const quiet = await open(apps[0]!, viewerCookie);
    await expect.poll(() => quiet.lastEventId()).toMatch(/^\d+$/);
    quiet.close();
    await create(apps[1]!, "Made while away");
    const back = await open(apps[0]!, viewerCookie, quiet.lastEventId());
    const [missed] = await back.next();
    expect(JSON.parse(missed?.data ?? "").category.name).toBe("Made while away");
  });

  it("sends a name as it was created, a NUL character and half a surrogate pair included", async () => {
    const stream = await open(apps[0]!, viewerCookie);
    const name = "Odd \u0000 name \ud800";
    await create(apps[0]!, name);
    const [event] = await stream.next();
    expect(JSON.parse(event?.data ?? "").category.name).toBe(name);
  });

  it("follows an import on admins' streams with job-updated, and never tells a viewer", async () => {
    const admin = await open(apps[0]!, adminCookie);
    const viewer = await open(apps[1]!, viewerCookie);
    const id = await startImport(apps[0]!, "name\nLive import one\nLive import two\n");

    const updates = await jobUpdatesUntilFinished(admin);
    expect(updates[0]).toMatchObject({ id, kind: "import", environment: "production", state: "running" });
    const finished = await (
      await fetch(`${apps[0]!.url}/api/imports/${id}`, { headers: { cookie: adminCookie } })
    ).json();
    expect(updates.at(-1)?.counts).toEqual(finished.counts);
    expect(updates.at(-1)?.counts).toMatchObject({ created: 2 });

    // The viewer hears of the two categories, and of nothing else.
    const heard = await viewer.next(2);
    expect(heard.map((event) => [event.event, JSON.parse(event.data).via])).toEqual([
      ["category-created", "import"],
      ["category-created", "import"],
    ]);
    await create(apps[0]!, "After the import");
    const [next] = await viewer.next();
    expect(JSON.parse(next?.data ?? "").category.name).toBe("After the import");
    // Who did it, by name; never a session's token.
    for (const cookie of [adminCookie, viewerCookie])
      expect([admin.text(), viewer.text()].join()).not.toContain(cookie.split("=")[1]);
  });

  it("replays to a viewer that reconnects only what a viewer may see: no job-updated", async () => {
    const away = await open(apps[0]!, viewerCookie);
    // An event first: the id to come back with is one the table has.
    await create(apps[0]!, "Before the replayed import");
    await away.next();
    away.close();
    const id = await startImport(apps[0]!, "name\nReplayed import row\n");
    const state = async () =>
      (
        (await (await fetch(`${apps[0]!.url}/api/imports/${id}`, { headers: { cookie: adminCookie } })).json()) as {
          state: string;
        }
      ).state;
    await expect.poll(state, { timeout: 15_000 }).toBe("finished");
    await create(apps[1]!, "After the replayed import");

    const back = await open(apps[1]!, viewerCookie, away.lastEventId());
    const heard = await back.next(2);
    expect(heard.map((event) => [event.event, JSON.parse(event.data).category.name])).toEqual([
      ["category-created", "Replayed import row"],
      ["category-created", "After the replayed import"],
    ]);
    // Nothing else came before the next live one.
    await create(apps[0]!, "Live after the replay");
    const [next] = await back.next();
    expect(JSON.parse(next?.data ?? "").category.name).toBe("Live after the replay");
  });

  it("announces a running import's progress between its changes of state, its counts growing", async () => {
    const admin = await open(apps[1]!, adminCookie);
    const viewer = await open(apps[0]!, viewerCookie);
    // 24 creates of 250 ms, 4 at a time: about 1.5 s of progress, announced at most every half second.
    createMs = 250;
    const names = Array.from({ length: 24 }, (_, index) => `Progress ${index}`);
    let updates: JobUpdate[];
    try {
      await startImport(apps[0]!, `name\n${names.join("\n")}\n`);
      updates = await jobUpdatesUntilFinished(admin);
    } finally {
      createMs = 0;
    }
    const created = updates.filter(({ state }) => state === "running").map(({ counts }) => counts.created ?? 0);
    expect(created.filter((count) => count > 0 && count < names.length).length).toBeGreaterThanOrEqual(1);
    expect(created).toEqual([...created].sort((a, b) => a - b));
    expect(updates.at(-1)?.counts).toMatchObject({ created: names.length });

    // The viewer hears of the categories only: the event after them is the next create.
    const heard = await viewer.next(names.length);
    expect(new Set(heard.map(({ event }) => event))).toEqual(new Set(["category-created"]));
    await create(apps[0]!, "After the progress");
    const [next] = await viewer.next();
    expect(JSON.parse(next?.data ?? "")).toMatchObject({ category: { name: "After the progress" } });
  });

  it("sends resync to a client whose Last-Event-ID it cannot replay", async () => {
    for (const unknown of ["999999999", "not-an-id"]) {
      const stream = await open(apps[0]!, viewerCookie, unknown);
      const [event] = await stream.next();
      expect(event).toMatchObject({ event: "resync", data: "{}" });
      stream.close();
    }
  });

  it("refuses a session's stream beyond LIVE_MAX_STREAMS_PER_SESSION with 429 too_many_streams", async () => {
    const cookie = await signInOverHttp(apps[0]!.url, ADMIN);
    const four = await Promise.all([0, 1, 2, 3].map(() => open(apps[0]!, cookie)));
    expect(four.map((stream) => stream.response.status)).toEqual([200, 200, 200, 200]);
    const fifth = await fetch(`${apps[0]!.url}/api/events`, { headers: { cookie } });
    expect(fifth.status).toBe(429);
    expect(await fifth.json()).toMatchObject({ code: "too_many_streams", status: 429 });
    // The other replica counts its own; a closed stream gives its place back.
    expect((await open(apps[1]!, cookie)).response.status).toBe(200);
    four[0]!.close();
    await expect.poll(async () => (await open(apps[0]!, cookie)).response.status, { timeout: 5_000 }).toBe(200);
  });

  it("refuses streams beyond LIVE_MAX_STREAMS on one process with 503 busy and Retry-After, also when asked at once", async () => {
    // The second replica takes 6 (beforeAll); two sessions of 4 each ask for 8 at the same moment.
    const sessions = await Promise.all([0, 1].map(() => signInOverHttp(apps[1]!.url, ADMIN)));
    const asked = await Promise.all(Array.from({ length: 8 }, (_, i) => open(apps[1]!, sessions[i % 2]!)));
    const opened = asked.filter((stream) => stream.response.status === 200);
    const refused = asked.filter((stream) => stream.response.status !== 200).map((stream) => stream.response);
    // Streams of earlier tests may still be closing, so this many or fewer opened, and the rest refused as busy.
    expect(opened.length).toBeLessThanOrEqual(6);
    expect(refused.map((response) => response.status)).toEqual(refused.map(() => 503));
    expect(refused[0]?.headers.get("retry-after")).toBe("5");
    expect(await refused[0]?.json()).toMatchObject({ code: "busy", status: 503 });
    // The other replica has room of its own, and a closed stream gives its place back.
    expect((await open(apps[0]!, sessions[0]!)).response.status).toBe(200);
    for (const stream of opened) stream.close();
    await expect.poll(async () => (await open(apps[1]!, viewerCookie)).response.status, { timeout: 5_000 }).toBe(200);
  });

  it("ends a stream at once when its session ends: a sign-out, the account removed, or its role changed", async () => {
    const viewerSession = await signInOverHttp(apps[0]!.url, VIEWER);
    const signOut = await open(apps[0]!, viewerSession);
    const leaver = { username: "leaver", password: "leaver-password-123", role: "viewer" } as const;
    await addAccount(leaver);
    const removal = await open(apps[1]!, await signInOverHttp(apps[1]!.url, leaver));
    await expect
      .poll(() => [signOut.text(), removal.text()])
      .toEqual([expect.stringMatching(/^retry:/), expect.stringMatching(/^retry:/)]);

    let ended = Date.now();
    const out = await fetch(`${apps[0]!.url}/api/auth/logout`, { method: "POST", headers: { cookie: viewerSession } });
    expect(out.status).toBeLessThan(400);
    await signOut.ended;
    // Within a second here; the bound leaves room for a loaded machine, far below a stream's lifetime.
    expect(Date.now() - ended).toBeLessThan(3_000);

    ended = Date.now();
    await promisify(execFile)(process.execPath, ["scripts/users.mjs", "remove", leaver.username], {
      env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL },
    });
    await removal.ended;
    expect(Date.now() - ended).toBeLessThan(3_000);

    const changer = { username: "changer", password: "changer-password-123", role: "viewer" } as const;
    await addAccount(changer);
    const roleChange = await open(apps[1]!, await signInOverHttp(apps[1]!.url, changer));
    await expect.poll(() => roleChange.text()).toMatch(/^retry:/);
    ended = Date.now();
    // Saved again as an admin: the same write as `npm run users add`, with the cheapest hash.
    await addAccount({ ...changer, role: "admin" });
    await roleChange.ended;
    expect(Date.now() - ended).toBeLessThan(3_000);
  });

  // Last: it stops the second replica.
  it("on SIGTERM ends every stream at once, so browsers reconnect elsewhere, and takes no new one", async () => {
    const stream = await open(apps[1]!, viewerCookie);
    await expect.poll(() => stream.text()).toMatch(/^retry:/);
    const signalled = Date.now();
    apps[1]!.process.kill("SIGTERM");
    await stream.ended;
    // At once, not when the 5 s of the drain's delay are over (a second is what it takes here; the bound is for load).
    expect(Date.now() - signalled).toBeLessThan(3_000);
    const refused = await fetch(`${apps[1]!.url}/api/events`, { headers: { cookie: viewerCookie } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
  });
});
