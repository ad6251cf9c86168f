import { readdir } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { journalFileOf, readStoredCategories } from "@/scripts/dev-catalogue/store.mjs";
import { type CatalogueProcess, startCatalogueProcess } from "../support/catalogue-process";
import type { Exit } from "../support/child-process";
import { printFigures } from "../support/figures";
import { eventually } from "../support/probes";
import { tempFiles } from "../support/temp-files";

const API_KEY = "crash-test-catalogue-key";
const BURST = 200;
// SIGKILL once this many creates of the burst have been answered 201: others are then in flight or not yet sent.
const KILL_AFTER = 60;
const CONCURRENCY = 20;
const ROUNDS = 3;

type Stored = { id: string; name: string; description?: string };
type Round = { acknowledged: Stored[]; failed: number; exit: Exit; stored: Stored[]; leftovers: string[] };

/** The data as the service would load it after the kill (snapshot and journal), without writing anything. */
const storedIn = async (dataFile: string): Promise<Stored[]> =>
  (await readStoredCategories(dataFile)).map((category) => ({ ...category, id: String(category.id) }));

/**
 * Sends BURST creates from CONCURRENCY clients, each sending its next create as
 * soon as the last is answered, so creates keep arriving while earlier ones are
 * written; SIGKILLs the service once KILL_AFTER were answered 201.
 */
async function burstAndKill(service: CatalogueProcess, round: number): Promise<Omit<Round, "stored" | "leftovers">> {
  const acknowledged: Stored[] = [];
  let failed = 0;
  let next = 0;
  const client = async () => {
    for (let index = next++; index < BURST; index = next++) {
      try {
        const response = await service.call("POST", { name: `crash r${round} n${index}`, description: "burst" });
        if (response.status !== 201) throw new Error(`status ${response.status}`);
        const { id, name, description } = (await response.json()) as { id: number; name: string; description: string };
        acknowledged.push({ id: String(id), name, description });
      } catch {
        failed++;
      }
    }
  };
  const clients = Promise.all(Array.from({ length: CONCURRENCY }, client));
  await eventually(() => acknowledged.length >= KILL_AFTER, 10_000, 1);
  const exit = await service.kill();
  await clients;
  return { acknowledged, failed, exit };
}

describe(`the embedded catalogue service, killed with SIGKILL during bursts of ${BURST} creates`, () => {
  const temp = tempFiles();
  let dataFile: string;
  let service: CatalogueProcess | undefined;
  const rounds: Round[] = [];
  let listedAfterRestart: Stored[] = [];

  beforeAll(async () => {
    dataFile = join(await temp.dir("catalogue-crash-"), "catalogue.json");
    for (let round = 1; round <= ROUNDS; round++) {
      service = await startCatalogueProcess({ dataFile, apiKey: API_KEY });
      const outcome = await burstAndKill(service, round);
      const dataFiles = [basename(dataFile), basename(journalFileOf(dataFile))];
      const leftovers = (await readdir(dirname(dataFile))).filter((file) => !dataFiles.includes(file));
      rounds.push({ ...outcome, stored: await storedIn(dataFile), leftovers });
    }
    service = await startCatalogueProcess({ dataFile, apiKey: API_KEY });
    listedAfterRestart = (
      (await (await service.call("GET")).json()) as { id: number; name: string; description?: string }[]
    ).map((category) => ({ ...category, id: String(category.id) }));
    printFigures(
      `Crash safety: ${CONCURRENCY} clients, SIGKILL after ${KILL_AFTER} of ${BURST} creates answered, ${ROUNDS} rounds on one data file`,
      rounds.map((r, index) => ({
        round: index + 1,
        "201 received": r.acknowledged.length,
        "not answered (in flight or refused)": r.failed,
        "in the data after the kill": r.stored.filter((c) => c.name.startsWith(`crash r${index + 1} `)).length,
        "temp files left": r.leftovers.length,
      })),
    );
  }, 60_000);

  afterAll(async () => {
    await service?.stop();
    await temp.remove();
  });

  it("was killed mid-burst: some creates were answered and some were not", () => {
    for (const round of rounds) {
      expect(round.exit.signal).toBe("SIGKILL");
      expect(round.acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
      expect(round.failed).toBeGreaterThan(0);
    }
  });

  it("leaves data the store can read after every kill (a torn last journal line at most, which is ignored)", () => {
    for (const { stored } of rounds) expect(stored.length).toBeGreaterThan(0);
  });

  it("has every category whose 201 was received in the data, as answered, and no id twice", () => {
    for (const { stored, acknowledged } of rounds) {
      const byId = new Map(stored.map((category) => [category.id, category]));
      expect(acknowledged.filter((category) => byId.get(category.id)?.name !== category.name)).toEqual([]);
      expect(byId.size).toBe(stored.length);
    }
  });

  it("leaves no temp files beside the data", () => {
    for (const { leftovers } of rounds) expect(leftovers).toEqual([]);
  });

  it("starts again on that file and lists every acknowledged category of every round", () => {
    const listed = new Map(listedAfterRestart.map((category) => [category.id, category.name]));
    const acknowledged = rounds.flatMap((round) => round.acknowledged);
    expect(acknowledged.filter(({ id, name }) => listed.get(id) !== name)).toEqual([]);
  });

  it("never gives two categories the same id", () => {
    expect(new Set(listedAfterRestart.map((category) => category.id)).size).toBe(listedAfterRestart.length);
  });
});
