import { type IncomingMessage, get } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/ports.mjs";
import { VIEWER, addAccounts } from "../support/auth-fixture";
import { type EventStreamReader, openEventStream } from "../support/event-stream-reader";
import { type FakeCatalogue, json, startFakeCatalogue } from "../support/fake-catalogue";
import { type StandaloneApp, signInOverHttp, startStandaloneApp } from "../support/standalone-app";
import { testDb } from "../support/test-database";

// A client that keeps its stream open but stops reading (issue 43): its stream is cut off once LIVE_STREAM_BUFFER_KIB
// waits for it, and what it had not received reaches it when it reconnects.
const BUFFER_KIB = 256;
// About the size of a category created with a long description: a batch is some 210 KiB, under the limit.
const DESCRIPTION = "d".repeat(2_000);
const BATCH = 100;
const GRACE_MS = 8_000;

let catalogue: FakeCatalogue;
let app: StandaloneApp;
let metricsUrl: string;
let cookie: string;

async function metric(name: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  return Number(new RegExp(`^categories_admin_${name} (\\S+)$`, "m").exec(text)?.[1] ?? NaN);
}

/** Writes `count` events as another replica would; resolves with their ids. */
async function writeEvents(count: number, from: number): Promise<string[]> {
  const { rows } = await testDb.query(
    `INSERT INTO live_events (type, data)
     SELECT 'category-created', format('{"environment":"production","category":{"id":%s,"name":"Backlog %s",'
       || '"description":"%s"},"by":null,"via":"service"}', n, n, $3::text)
       FROM generate_series($1::int, $1::int + $2::int - 1) AS n
     RETURNING id::text`,
    [from, count, DESCRIPTION],
  );
  await testDb.query("SELECT pg_notify('live_events', 'test')");
  return rows.map((row: { id: string }) => row.id);
}

/** The ids of the complete events in `text`, and the last id a browser would send back. */
function idsIn(text: string): { events: string[]; lastId: string | undefined } {
  const blocks = text.split("\n\n").slice(0, -1);
  const events: string[] = [];
  let lastId: string | undefined;
  for (const block of blocks) {
    const id = /^id: (\d+)$/m.exec(block)?.[1];
    if (id === undefined) continue;
    lastId = id;
    if (/^data: /m.test(block)) events.push(id);
  }
  return { events, lastId };
}

/** GET /api/events with Node's own client, which stops reading from the socket once told to pause. */
function openRawStream(): Promise<{ response: IncomingMessage; received: () => string; ended: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const request = get(`${app.url}/api/events`, { headers: { cookie }, agent: false }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      const ended = new Promise<void>((done) => {
        response.once("close", done);
        response.once("error", () => undefined);
      });
      resolve({ response, received: () => text, ended });
    });
    request.once("error", reject);
  });
}

beforeAll(async () => {
  await addAccounts();
  catalogue = await startFakeCatalogue(() => json(200, []));
  const port = await freePort();
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
  app = await startStandaloneApp({
    catalogueUrl: catalogue.url,
    env: { METRICS_PORT: String(port), LIVE_POLL_SECONDS: "0", SHUTDOWN_GRACE_MS: String(GRACE_MS) },
  });
  cookie = await signInOverHttp(app.url, VIEWER);
}, 60_000);

afterAll(async () => {
  await app?.kill();
  await catalogue?.close();
});

/** A reading stream and a stalled one, both past a first event: the stalled one has read its id, then nothing. */
async function readingAndStalled() {
  const written = await writeEvents(1, (await testDb.query("SELECT count(*)::int AS n FROM live_events")).rows[0].n);
  const reader = await openEventStream(`${app.url}/api/events`, { cookie });
  const stalled = await openRawStream();
  expect(stalled.response.statusCode).toBe(200);
  await expect.poll(() => idsIn(stalled.received()).lastId).toBe(written[0]);
  stalled.response.pause();
  await expect.poll(() => reader.lastEventId()).toBe(written[0]);
  return { written, reader, stalled };
}

/**
 * Events until the stalled stream is cut: first the sockets on both sides fill (some MiB here, the machine's to
 * decide), then its queue. A batch at a time, each under the limit and taken by the reading stream before the next, as
 * a burst of creates would come: that stream keeps up, and is never cut. Resolves with the queued bytes seen.
 */
async function writeUntilCut(reader: EventStreamReader, written: string[]): Promise<number[]> {
  const before = await metric("live_streams_cut_total");
  const queuedSeen: number[] = [];
  while ((await metric("live_streams_cut_total")) === before) {
    // Some 13 MiB: three times what the sockets held here.
    expect(written.length, "events sent without the stream being cut").toBeLessThan(6_000);
    const batch = await writeEvents(BATCH, Number(written.at(-1)) + 1);
    written.push(...batch);
    expect((await reader.next(BATCH, 15_000)).map((event) => event.id)).toEqual(batch);
    queuedSeen.push(await metric("live_stream_queued_bytes"));
  }
  expect(await metric("live_streams_cut_total")).toBe(before + 1);
  return queuedSeen;
}

describe("a stream whose client stops reading", () => {
  it("is cut off once LIVE_STREAM_BUFFER_KIB waits for it, its memory given back, and a reconnect misses nothing", async () => {
    const { written, reader, stalled } = await readingAndStalled();
    const queuedSeen = await writeUntilCut(reader, written);
    // Never more than the limit held for it; once cut, nothing: its stream left the hub, its queue dropped.
    expect(Math.max(...queuedSeen)).toBeLessThanOrEqual(BUFFER_KIB * 1024);
    expect(await metric("live_stream_queued_bytes")).toBe(0);
    expect(await metric("live_streams")).toBe(1);
    reader.close();

    // The client reads again: what the sockets held, then the end of the response.
    stalled.response.resume();
    await stalled.ended;
    const first = idsIn(stalled.received());
    expect(first.events.length).toBeLessThan(written.length - 1);

    // As a browser does: again with the last id received, and everything after it arrives, in order.
    const again = await openEventStream(`${app.url}/api/events`, { cookie, "last-event-id": first.lastId ?? "" });
    expect(again.response.status).toBe(200);
    const rest = await again.next(written.length - 1 - first.events.length, 30_000);
    again.close();
    expect([written[0], ...first.events, ...rest.map((event) => event.id)]).toEqual(written);
  }, 120_000);

  // Last: it stops the app.
  it("does not hold a SIGTERM past the grace time while its client, cut off, still reads nothing", async () => {
    const { written, reader, stalled } = await readingAndStalled();
    await writeUntilCut(reader, written);
    const signalled = Date.now();
    app.process.kill("SIGTERM");
    const exit = await app.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalled).toBeLessThan(GRACE_MS);
    expect(app.logLines().map((line) => line.event)).not.toContain("shutdown_grace_exceeded");
    stalled.response.destroy();
  }, 120_000);
});
