import { type IncomingHttpHeaders, request } from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, addAccounts } from "../support/auth-fixture";
import { type FakeCatalogue, startFakeCatalogue } from "../support/fake-catalogue";
import { type StandaloneApp, signInOverHttp, startStandaloneApp } from "../support/standalone-app";

// The list as the production server sends it: whole and exact, and gzipped for a client that takes gzip.
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

/** A read as any HTTP client makes it, body as sent on the wire, saying whether it arrived whole. */
function read(acceptEncoding = "identity") {
  return new Promise<{ status: number; body: Buffer; complete: boolean; headers: IncomingHttpHeaders }>(
    (resolve, reject) => {
      request(`${app.url}/api/categories`, { headers: { cookie, "accept-encoding": acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        const done = () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks),
            complete: response.complete,
            headers: response.headers,
          });
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", done);
        response.on("aborted", done);
        response.on("error", done);
      })
        .on("error", reject)
        .end();
    },
  );
}

describe("the list through the production server", () => {
  it("arrives whole and exact, and a list changed at the same length arrives with a new ETag", async () => {
    const first = await read();
    expect(first).toMatchObject({ status: 200, complete: true });
    expect(first.body.toString("utf8")).toBe(LIST);
    expect(first.headers["content-encoding"]).toBeUndefined();

    fake.reply(() => ({ status: 200, body: RENAMED }));
    const changed = await read();
    expect(changed.complete).toBe(true);
    expect(changed.body.toString("utf8")).toBe(RENAMED);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
  });

  it("a browser's read is gzipped and decodes to the exact list, with the same ETag", async () => {
    fake.reply(() => ({ status: 200, body: LIST }));
    const plain = await read();
    const gzipped = await read("gzip, deflate, br, zstd");
    expect(gzipped).toMatchObject({ status: 200, complete: true });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gzipped.body.byteLength).toBeLessThan(Buffer.byteLength(LIST) / 4);
    expect(gunzipSync(gzipped.body).toString("utf8")).toBe(LIST);
    expect(gzipped.headers.etag).toBe(plain.headers.etag);
  });
});
