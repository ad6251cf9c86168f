import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { journalWriter } from "@/scripts/dev-catalogue/journal.mjs";
import { journalFileOf, openStore, readStoredCategories } from "@/scripts/dev-catalogue/store.mjs";

let dir: string;
let file: string;
let journal: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "catalogue-store-"));
  file = join(dir, "catalogue.json");
  journal = journalFileOf(file);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const line = (id: number, name: string) => `${JSON.stringify({ id: String(id), name })}\n`;
const snapshotOf = (count: number) =>
  JSON.stringify({ categories: Array.from({ length: count }, (_, i) => ({ id: String(i + 1), name: `c${i + 1}` })) });
const snapshotIds = async () =>
  (JSON.parse(await readFile(file, "utf8")) as { categories: { id: string }[] }).categories.map((c) => c.id);
const listed = (store: Awaited<ReturnType<typeof openStore>>) => store.list().map((c) => `${c.id} ${c.name}`);

describe("the catalogue store's journal", () => {
  it("appends each create to the journal, leaving the snapshot alone, and replays it when opened again", async () => {
    const store = await openStore(file);
    const created = await Promise.all(["hamster", "ferret", "gecko"].map((name) => store.create({ name })));
    expect(created.map((c) => c.id)).toEqual([4n, 5n, 6n]);
    expect(await snapshotIds()).toEqual(["1", "2", "3"]);
    expect((await readFile(journal, "utf8")).split("\n")).toHaveLength(4); // three lines and the "" after the last

    const reopened = await openStore(file);
    expect(listed(reopened)).toEqual(["1 dog", "2 cat", "3 rabbit", "4 hamster", "5 ferret", "6 gecko"]);
    // Opening folded the journal into the snapshot.
    expect(await snapshotIds()).toEqual(["1", "2", "3", "4", "5", "6"]);
    expect(await readFile(journal, "utf8")).toBe("");
    expect((await reopened.create({ name: "next" })).id).toBe(7n);
  });

  it("keeps descriptions and ids beyond 2^53 exactly", async () => {
    await writeFile(file, JSON.stringify({ categories: [{ id: "9007199254740993", name: "big" }] }));
    const store = await openStore(file);
    await store.create({ name: "next", description: "after big" });
    expect(await readStoredCategories(file)).toEqual([
      { id: 9007199254740993n, name: "big" },
      { id: 9007199254740994n, name: "next", description: "after big" },
    ]);
  });

  it("ignores a torn last line (the process was killed mid-append) and cuts it away", async () => {
    await writeFile(file, snapshotOf(3));
    await writeFile(journal, `${line(4, "c4")}${line(5, "c5")}{"id":"6","na`);
    expect((await readStoredCategories(file)).map((c) => c.id)).toEqual([1n, 2n, 3n, 4n, 5n]);

    const store = await openStore(file);
    expect(listed(store)).toEqual(["1 c1", "2 c2", "3 c3", "4 c4", "5 c5"]);
    expect(await readFile(journal, "utf8")).toBe("");
    // The torn line's id was never acknowledged, so it is free; and the next append starts on a clean line.
    expect((await store.create({ name: "c6" })).id).toBe(6n);
    expect(listed(await openStore(file)).at(-1)).toBe("6 c6");
  });

  it("has everything exactly once after a crash between writing the new snapshot and emptying the journal", async () => {
    // What the files hold when the process dies there: the snapshot has the journal's lines already.
    await writeFile(file, snapshotOf(5));
    await writeFile(journal, `${line(4, "c4")}${line(5, "c5")}`);
    expect((await readStoredCategories(file)).map((c) => c.id)).toEqual([1n, 2n, 3n, 4n, 5n]);

    const store = await openStore(file);
    expect(listed(store)).toEqual(["1 c1", "2 c2", "3 c3", "4 c4", "5 c5"]);
    expect((await store.create({ name: "c6" })).id).toBe(6n);
    expect((await readStoredCategories(file)).map((c) => c.id)).toEqual([1n, 2n, 3n, 4n, 5n, 6n]);
  });

  it("has everything exactly once after a crash before the new snapshot was in place", async () => {
    await writeFile(file, snapshotOf(3));
    await writeFile(`${file}.4242.tmp`, snapshotOf(2)); // a half-written snapshot
    await writeFile(journal, `${line(4, "c4")}${line(5, "c5")}`);

    const store = await openStore(file);
    expect(listed(store)).toEqual(["1 c1", "2 c2", "3 c3", "4 c4", "5 c5"]);
    expect((await readdir(dir)).sort()).toEqual(["catalogue.json", "catalogue.json.journal"]);
  });

  it.each([
    ["is not JSON", "not json\n"],
    ["is an empty line", "\n"],
    ["has no name", '{"id":"5"}\n'],
    ["has a numeric id", '{"id":5,"name":"c5"}\n'],
  ])("refuses to open, naming the file and line, when a line before the last %s", async (_, bad) => {
    await writeFile(file, snapshotOf(3));
    const damaged = `${line(4, "c4")}${bad}${line(6, "c6")}`;
    await writeFile(journal, damaged);
    const error = `${journal} line 2 is not`;
    await expect(readStoredCategories(file)).rejects.toThrow(error);
    await expect(openStore(file)).rejects.toThrow(error);
    // Nothing was rewritten: the files are left for someone to look at.
    expect(await readFile(journal, "utf8")).toBe(damaged);
    expect(await snapshotIds()).toEqual(["1", "2", "3"]);
  });

  it("writes creates that arrive during an append together in the next one, and loses none of them", async () => {
    const store = await openStore(file);
    const names = Array.from({ length: 200 }, (_, i) => `burst-${i}`);
    const created = await Promise.all(names.map((name) => store.create({ name })));
    expect(new Set(created.map((c) => c.id)).size).toBe(200);
    const journalLines = (await readFile(journal, "utf8")).trimEnd().split("\n");
    expect(journalLines.map((text) => (JSON.parse(text) as { name: string }).name)).toEqual(names);
    expect((await readStoredCategories(file)).filter((c) => c.name.startsWith("burst-"))).toHaveLength(200);
  });

  it("folds the journal into the snapshot while running once the journal outgrows it, keeping every create once", async () => {
    const store = await openStore(file, { foldFromBytes: 0 });
    const seedBytes = (await readFile(file)).length;
    for (const name of ["a", "b", "c", "d", "e", "f"]) await store.create({ name: `${name}`.repeat(40) });
    await store.flush();

    const snapshotNow = await snapshotIds();
    expect(snapshotNow.length).toBeGreaterThan(3); // folded at least once
    expect((await readFile(file)).length).toBeGreaterThan(seedBytes);
    expect((await readFile(journal)).length).toBeLessThan((await readFile(file)).length);
    const ids = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
    expect((await readStoredCategories(file)).map((c) => String(c.id))).toEqual(ids);
    expect(listed(await openStore(file)).map((entry) => entry.split(" ")[0])).toEqual(ids);
  });

  it("folds during a burst without losing or repeating a create that arrived meanwhile", async () => {
    const store = await openStore(file, { foldFromBytes: 0 });
    const names = Array.from({ length: 300 }, (_, i) => `fold-burst-${i}`);
    const created = await Promise.all(names.map((name) => store.create({ name })));
    await store.flush();
    expect(new Set(created.map((c) => c.id)).size).toBe(300);
    const stored = (await readStoredCategories(file)).filter((c) => c.name.startsWith("fold-burst-"));
    expect(stored.map((c) => c.name)).toEqual(names);
    expect((await snapshotIds()).length).toBeGreaterThan(3);
  });

  it("leaves the journal alone while it is smaller than the threshold", async () => {
    const store = await openStore(file);
    await Promise.all(["x", "y"].map((name) => store.create({ name })));
    await store.flush();
    expect(await snapshotIds()).toEqual(["1", "2", "3"]);
  });

  it("appends after the whole lines only, dropping what a failed append left behind", async () => {
    await writeFile(journal, `${line(4, "c4")}{"id":"5","name":"failed, answered 500"}\n`);
    await journalWriter(journal, Buffer.byteLength(line(4, "c4"))).append(line(5, "c5"));
    expect(await readFile(journal, "utf8")).toBe(`${line(4, "c4")}${line(5, "c5")}`);
  });
});
