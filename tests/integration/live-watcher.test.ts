import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/ports.mjs";
import { ADMIN, VIEWER, addAccounts } from "../support/auth-fixture";
import { type EventStreamReader, openEventStream } from "../support/event-stream-reader";
import { type FakeCatalogue, json, startFakeCatalogue } from "../support/fake-catalogue";
import { type StandaloneApp, signInOverHttp, startStandaloneApp } from "../support/standalone-app";
import { testDb } from "../support/test-database";

// The watcher of the catalogue service (issue 34 part 3, decision 035), on two replicas of one database, reading
// every 0.2 s. "Straight at the service" is a category pushed into the fake's list, as another system would add it.
const POLL_SECONDS = "0.2";

type Replica = { app: StandaloneApp; metricsUrl: string };
type Held = { id: number; name: string; description?: string };

let catalogue: FakeCatalogue;
let held: Held[];
// How long the fake takes to answer a create it has already applied, and a read of the list.
let createMs = 0;
let listMs = 0;
let replicas: Replica[];
let adminCookie: string;
let viewerCookie: string;
const streams: EventStreamReader[] = [];

const open = async ({ app }: Replica, cookie = viewerCookie) => {
  const stream = await openEventStream(`${app.url}/api/events`, { cookie });
  expect(stream.response.status).toBe(200);
  streams.push(stream);
  return stream;
};

async function watcherReads({ metricsUrl }: Replica): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  const line = /^categories_admin_live_watcher_reads_total\{environment="production"\} (\d+)$/m.exec(text);
  return Number(line?.[1] ?? 0);
}

const allReads = async () => (await Promise.all(replicas.map(watcherReads))).reduce((sum, reads) => sum + reads, 0);

/** Resolves once the watcher has read the list `count` more times, wherever it runs. */
async function readsMore(count: number): Promise<void> {
  const from = await allReads();
  await expect.poll(allReads, { timeout: 15_000, interval: 100 }).toBeGreaterThanOrEqual(from + count);
}

const addAtService = (...names: string[]) => {
  for (const name of names) held.push({ id: 5_000_000 + held.length, name });
};

beforeAll(async () => {
  held = [];
  catalogue = await startFakeCatalogue((request) => {
    if (request.method === "GET") return { ...json(200, held), delayMs: listMs };
    const category = { id: 1000 + held.length, ...(JSON.parse(request.body) as { name: string }) };
    held.push(category);
    return { ...json(201, category), delayMs: createMs };
  });
  await addAccounts();
  replicas = await Promise.all(
    [0, 1].map(async () => {
      const port = await freePort();
      const app = await startStandaloneApp({
        catalogueUrl: catalogue.url,
        env: { LIVE_POLL_SECONDS: POLL_SECONDS, METRICS_PORT: String(port), SHUTDOWN_READY_DELAY_MS: "0" },
      });
      return { app, metricsUrl: `http://127.0.0.1:${port}/metrics` };
    }),
  );
  adminCookie = await signInOverHttp(replicas[0]!.app.url, ADMIN);
  viewerCookie = await signInOverHttp(replicas[0]!.app.url, VIEWER);
}, 60_000);

afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});

afterAll(async () => {
  await Promise.all(replicas.map(({ app }) => app.stop(2_000)));
  await catalogue?.close();
});

describe("the watcher of the catalogue service", () => {
  it("announces a category added straight at the service, by nobody, via the service", async () => {
    const stream = await open(replicas[1]!);
    // The first read after a stream opens learns what is there; what comes after is new.
    await readsMore(2);
    addAtService("Made by the warehouse");
    const [event] = await stream.next();
    expect(event?.event).toBe("category-created");
    expect(JSON.parse(event?.data ?? "")).toEqual({
      environment: "production",
      category: { id: held.at(-1)!.id, name: "Made by the warehouse" },
      by: null,
      via: "service",
    });
  });

  it("announces a category created through the app once, via the form, never again via the service", async () => {
    const stream = await open(replicas[0]!);
    await readsMore(2);
    const created = await fetch(`${replicas[1]!.app.url}/api/categories`, {
      method: "POST",
      headers: { cookie: adminCookie, "content-type": "application/json" },
      body: JSON.stringify({ name: "Made in the form" }),
    });
    expect(created.status).toBe(201);
    const [event] = await stream.next();
    expect(JSON.parse(event?.data ?? "")).toMatchObject({ category: { name: "Made in the form" }, via: "form" });
    // Several reads later, the next event is the next category made at the service: nothing came in between.
    await readsMore(3);
    addAtService("Made after the form");
    const [next] = await stream.next();
    expect(JSON.parse(next?.data ?? "")).toMatchObject({ category: { name: "Made after the form" }, via: "service" });
  });

  it("does not announce via the service a create of the app's that the list shows before its answer", async () => {
    const stream = await open(replicas[1]!);
    await readsMore(2);
    // The list shows the category for a second before the app hears that it was created.
    createMs = 1_000;
    let created;
    try {
      created = fetch(`${replicas[0]!.app.url}/api/categories`, {
        method: "POST",
        headers: { cookie: adminCookie, "content-type": "application/json" },
        body: JSON.stringify({ name: "Slow to answer" }),
      });
      await expect.poll(() => held.some(({ name }) => name === "Slow to answer")).toBe(true);
      await readsMore(2);
      expect((await created).status).toBe(201);
    } finally {
      createMs = 0;
    }
    const [event] = await stream.next();
    expect(JSON.parse(event?.data ?? "")).toMatchObject({ category: { name: "Slow to answer" }, via: "form" });
    await readsMore(2);
    addAtService("After the slow one");
    const [next] = await stream.next();
    expect(JSON.parse(next?.data ?? "")).toMatchObject({ category: { name: "After the slow one" }, via: "service" });
  });

  it("reads in one replica only, once per interval however many streams are open", async () => {
    await Promise.all([0, 0, 0, 1, 1, 1].map((index) => open(replicas[index]!)));
    await readsMore(1);
    const before = await Promise.all(replicas.map(watcherReads));
    const started = Date.now();
    await readsMore(10);
    const elapsedSeconds = (Date.now() - started) / 1000;
    const after = await Promise.all(replicas.map(watcherReads));
    const made = after.map((reads, index) => reads - before[index]!);
    expect(Math.min(...made)).toBe(0);
    expect(Math.max(...made)).toBeLessThanOrEqual(elapsedSeconds / Number(POLL_SECONDS) + 2);
  });

  it("sends one resync, not an event each, when more than 500 categories are new at once", async () => {
    const stream = await open(replicas[0]!);
    await readsMore(2);
    addAtService(...Array.from({ length: 501 }, (_, index) => `Bulk ${index}`));
    const [event] = await stream.next();
    expect(event).toMatchObject({ event: "resync", data: "{}" });
    // They are known now: the next event is the next new one.
    addAtService("After the bulk");
    const [next] = await stream.next();
    expect(JSON.parse(next?.data ?? "")).toMatchObject({ category: { name: "After the bulk" }, via: "service" });
  });

  it("announces nothing from a read during which its lease was lost, and carries on once it is free again", async () => {
    const streams = await Promise.all(replicas.map((replica) => open(replica)));
    await readsMore(2);
    const lease = await testDb.query("SELECT holder FROM live_watch_leases WHERE environment = 'production'");
    const holder = String(lease.rows[0]?.holder);
    // Each tick of the holder's says that it has a stream open: its ticks are counted by that row.
    const ticks = async () =>
      String(
        (await testDb.query("SELECT seen_at FROM live_listeners WHERE process_id = $1", [holder])).rows[0]?.seen_at,
      );
    const gets = () => catalogue.requests.filter((request) => request.method === "GET").length;
    listMs = 1_500;
    try {
      const from = gets();
      addAtService("Seen by a holder that lost its lease");
      // The holder has checked its lease and is reading the list: another process takes the lease meanwhile.
      await expect.poll(gets, { interval: 20 }).toBeGreaterThan(from);
      await testDb.query(
        `UPDATE live_watch_leases SET holder = 'another-process', expires_at = now() + interval '1 hour'
          WHERE environment = 'production'`,
      );
    } finally {
      listMs = 0;
    }
    try {
      // The holder's ticks follow one another: two more, and its read is over, with whatever it wrote.
      for (let tick = 0; tick < 2; tick++) {
        const before = await ticks();
        await expect.poll(ticks, { timeout: 15_000, interval: 50 }).not.toBe(before);
      }
      const written = await testDb.query("SELECT 1 FROM live_events WHERE data LIKE '%lost its lease%'");
      expect(written.rowCount).toBe(0);
    } finally {
      // The lease is free again: one of the replicas takes it, learns what is there, and announces what comes after.
      await testDb.query("DELETE FROM live_watch_leases WHERE holder = 'another-process'");
    }
    await readsMore(2);
    addAtService("After the lost lease");
    for (const stream of streams) {
      const [event] = await stream.next();
      expect(JSON.parse(event?.data ?? "")).toMatchObject({
        category: { name: "After the lost lease" },
        via: "service",
      });
    }
  });

  it("does not read the list while no stream is open on any replica", async () => {
    const stream = await open(replicas[1]!);
    await readsMore(1);
    stream.close();
    // Every replica has said it has no stream open: from its next tick, the watcher stops reading.
    await expect
      .poll(async () => (await testDb.query("SELECT sum(streams)::int AS open FROM live_listeners")).rows[0]?.open, {
        timeout: 10_000,
      })
      .toBe(0);
    const lease = async () =>
      Number((await testDb.query("SELECT extract(epoch FROM expires_at) AS at FROM live_watch_leases")).rows[0]?.at);
    // The holder still renews its lease at every tick, before it looks for streams: renewals count its ticks.
    let last = await lease();
    const renewed = async (times: number) => {
      let renewals = 0;
      await expect
        .poll(
          async () => {
            const now = await lease();
            if (now > last) [renewals, last] = [renewals + 1, now];
            return renewals;
          },
          { timeout: 15_000, interval: 50 },
        )
        .toBeGreaterThanOrEqual(times);
    };
    // A read begun before the last stream closed has been counted by the next tick.
    await renewed(1);
    const reads = await allReads();
    await renewed(5);
    expect(await allReads()).toBe(reads);
  });
});

describe("LIVE_POLL_SECONDS=0", () => {
  it("turns the watcher off: a stream open, and the list never read", async () => {
    await Promise.all(replicas.map(({ app }) => app.stop(2_000)));
    const off = await startStandaloneApp({ catalogueUrl: catalogue.url, env: { LIVE_POLL_SECONDS: "0" } });
    replicas = [];
    try {
      const cookie = await signInOverHttp(off.url, ADMIN);
      const stream = await openEventStream(`${off.url}/api/events`, { cookie });
      streams.push(stream);
      const reads = catalogue.requests.filter((request) => request.method === "GET").length;
      addAtService("Never announced");
      // The stream works: a create through the app arrives. It is the only event.
      const created = await fetch(`${off.url}/api/categories`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ name: "Through the app" }),
      });
      expect(created.status).toBe(201);
      const [event] = await stream.next();
      expect(JSON.parse(event?.data ?? "")).toMatchObject({ category: { name: "Through the app" }, via: "form" });
      // Nothing to wait for when nothing runs: five intervals of the other replicas' setting, then no read and no tick.
      await new Promise((resolve) => setTimeout(resolve, 5 * Number(POLL_SECONDS) * 1000));
      expect(catalogue.requests.filter((request) => request.method === "GET")).toHaveLength(reads);
      expect((await testDb.query("SELECT 1 FROM live_listeners")).rowCount).toBe(0);
    } finally {
      await off.stop(2_000);
    }
  });
});
