import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startCatalogue } from "@/scripts/dev-catalogue/start-catalogue.mjs";
import { readStoredCategories } from "@/scripts/dev-catalogue/store.mjs";

const API_KEY = "service-test-key";
let dir: string;
let dataFile: string;
let service: Awaited<ReturnType<typeof startCatalogue>> | undefined;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "catalogue-"));
  dataFile = join(dir, "data", "catalogue.json");
});
afterEach(async () => {
  await service?.stop();
  service = undefined;
  await rm(dir, { recursive: true, force: true });
});

async function start() {
  service = await startCatalogue({ dataFile, apiKey: API_KEY });
  return service.url;
}

function call(url: string, init: RequestInit = {}, key = API_KEY) {
  return fetch(`${url}/categories`, {
    ...init,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...init.headers },
  });
}

describe("embedded catalogue service", () => {
  it("seeds dog, cat and rabbit on first start", async () => {
    const list = await (await call(await start())).json();
    expect(list.map((c: { name: string }) => c.name)).toEqual(["dog", "cat", "rabbit"]);
    expect(list.map((c: { id: number }) => c.id)).toEqual([1, 2, 3]);
  });

  it("answers 401 with an Error body for a missing or wrong key", async () => {
    const url = await start();
    for (const key of ["", "wrong"]) {
      const response = await call(url, {}, key);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        code: "unauthorized",
        message: "API key missing or invalid",
        status: 401,
      });
    }
  });

  it("creates with 201 and an assigned integer id, which the next list includes", async () => {
    const url = await start();
    expect(await (await call(url)).json()).toHaveLength(3);
    const response = await call(url, {
      method: "POST",
      body: JSON.stringify({ name: "hamster", description: "small" }),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ id: 4, name: "hamster", description: "small" });
    expect((await (await call(url)).json()).at(-1)).toEqual({ id: 4, name: "hamster", description: "small" });
  });

  it.each([
    ["no body", undefined],
    ["invalid JSON", "{"],
    ["no name", "{}"],
    ["a non-text name", '{"name":1}'],
    ["a non-text description", '{"name":"a","description":false}'],
    ["a list", "[]"],
  ])("answers 400 with an Error body for %s", async (_, body) => {
    const response = await call(await start(), { method: "POST", body });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "invalid_request", status: 400 });
  });

  it("keeps data across a restart", async () => {
    await call(await start(), { method: "POST", body: '{"name":"ferret"}' });
    await service?.stop();
    const list = await (await call(await start())).json();
    expect(list.at(-1)).toEqual({ id: 4, name: "ferret" });
  });

  it("serves ids beyond 2^53 exactly and continues after them", async () => {
    const { writeFile, mkdir } = await import("node:fs/promises");
    await mkdir(join(dir, "data"), { recursive: true });
    await writeFile(dataFile, JSON.stringify({ categories: [{ id: "9007199254740993", name: "big" }] }));
    const url = await start();
    expect(await (await call(url)).text()).toBe('[{"id":9007199254740993,"name":"big"}]');
    expect(await (await call(url, { method: "POST", body: '{"name":"next"}' })).text()).toBe(
      '{"id":9007199254740994,"name":"next"}',
    );
  });

  it("loses and duplicates nothing under 50 concurrent creates, on disk too", async () => {
    const url = await start();
    const names = Array.from({ length: 50 }, (_, i) => `concurrent-${i}`);
    const created = await Promise.all(
      names.map(async (name) => (await call(url, { method: "POST", body: JSON.stringify({ name }) })).json()),
    );
    const ids = created.map((c: { id: number }) => c.id);
    expect(new Set(ids).size).toBe(50);
    const onDisk = await readStoredCategories(dataFile);
    expect(
      onDisk
        .filter((c) => c.name.startsWith("concurrent-"))
        .map((c) => c.name)
        .sort(),
    ).toEqual([...names].sort());
    expect((await readdir(join(dir, "data"))).sort()).toEqual(["catalogue.json", "catalogue.json.journal"]);
  });
});

describe("embedded catalogue service: a failed write", () => {
  it("answers 500 and neither lists nor later saves the category it could not save", async () => {
    const { writeFile } = await import("node:fs/promises");
    const url = await start();
    expect(await (await call(url)).json()).toHaveLength(3);
    // Put a file where the data folder was: the next write cannot create its temp file there.
    await rm(join(dir, "data"), { recursive: true });
    await writeFile(join(dir, "data"), "not a folder");
    const failed = await call(url, { method: "POST", body: '{"name":"lost"}' });
    expect(failed.status).toBe(500);
    expect(await failed.json()).toMatchObject({ code: "storage_error", status: 500 });
    const names = (await (await call(url)).json()).map((c: { name: string }) => c.name);
    expect(names).not.toContain("lost");
  });
});

describe("embedded catalogue service: a client that goes away", () => {
  it("keeps serving after a client disconnects in the middle of a create's body", async () => {
    const { connect } = await import("node:net");
    const url = new URL(await start());
    const socket = connect(Number(url.port), url.hostname);
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(
      `POST /v1/categories HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${API_KEY}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":`,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await call(url.href.replace(/\/$/, ""))).status).toBe(200);
  });
});
