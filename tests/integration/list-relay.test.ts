import { request } from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, addAccounts } from "../support/auth-fixture";
import { type FakeCatalogue, startFakeCatalogue } from "../support/fake-catalogue";
import { type StandaloneApp, signInOverHttp, startStandaloneApp } from "../support/standalone-app";

// An unchanged list is passed on while the service sends it (lib/server/catalogue/list-relay.ts). Through the real
// server, a reply that stops matching must reach the client as a broken-off answer, never as a whole one.
const many = Array.from(
  { length: 30_000 },
  (_, i) => `{"id":${9007199254740993n + BigInt(i)},"name":"Breed ${i}","description":"${"d".repeat(90)}"}`,
);
const LIST = `[${many.join(",")}]`;
// The same length, one byte different near the end.
const RENAMED = LIST.replace('"name":"Breed 29998"', '"name":"Breed 29989"');

let fake: FakeCatalogue;
let app: StandaloneApp;
let cookie: string;

beforeAll(async () => {
  fake = await startFakeCatalogue(() => ({ status: 200, body: LIST }));
  await addAccounts();
  app = await startStandaloneApp({ catalogueUrl: fake.url, env: { CATALOGUE_BREAKER_FAILURES: "0" } });
  cookie = await signInOverHttp(app.url, ADMIN);
}, 60_000);

afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

/** A read as any HTTP client makes it, saying whether the body arrived whole. */
function read(acceptEncoding = "identity") {
  return new Promise<{ status: number; body: Buffer; complete: boolean; etag?: string }>((resolve, reject) => {
    request(`${app.url}/api/categories`, { headers: { cookie, "accept-encoding": acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      const done = () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks),
          complete: response.complete,
          etag: response.headers.etag,
        });
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", done);
      response.on("aborted", done);
      response.on("error", done);
    })
      .on("error", reject)
      .end();
  });
}

describe("an unchanged list passed on while it arrives, through the production server", () => {
  it("arrives whole and exact, and a list changed at the same length is broken off, never completed with it", async () => {
    const first = await read();
    expect(first).toMatchObject({ status: 200, complete: true });
    expect(first.body.toString("utf8")).toBe(LIST);

    const again = await read();
    expect(again.complete).toBe(true);
    expect(again.body.toString("utf8")).toBe(LIST);

    fake.reply(() => ({ status: 200, body: RENAMED }));
    const brokenOff = await read();
    expect(brokenOff.status).toBe(200);
    expect(brokenOff.complete).toBe(false);
    expect(brokenOff.body.byteLength).toBeLessThan(Buffer.byteLength(LIST));
    expect(Buffer.from(LIST).subarray(0, brokenOff.body.byteLength).equals(brokenOff.body)).toBe(true);

    const changed = await read();
    expect(changed.complete).toBe(true);
    expect(changed.body.toString("utf8")).toBe(RENAMED);
    expect(changed.etag).not.toBe(first.etag);
  });

  it("a browser's gzip read of a passed-on list decodes to the exact list, and one that stops matching is broken off", async () => {
    // A new length, so the first read checks it whole whatever the test before left.
    const grown = `${LIST.slice(0, -1)},{"id":1,"name":"one more"}]`;
    fake.reply(() => ({ status: 200, body: grown }));
    expect((await read()).complete).toBe(true);
    const gzipped = await read("gzip");
    expect(gzipped.complete).toBe(true);
    expect(gunzipSync(gzipped.body).toString("utf8")).toBe(grown);

    fake.reply(() => ({ status: 200, body: grown.replace('"name":"Breed 29998"', '"name":"Breed 29989"') }));
    const brokenOff = await read("gzip");
    expect(brokenOff.status).toBe(200);
    expect(brokenOff.complete).toBe(false);
  });
});
