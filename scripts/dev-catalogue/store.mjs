// @ts-check
import { readdir, rm, stat } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { readJsonFile, writeFileAtomically } from "./json-file.mjs";
import { journalWriter, readJournal } from "./journal.mjs";

/** @typedef {{ id: bigint, name: string, description?: string }} StoredCategory */

/** What a new, empty store starts with. @type {readonly { name: string, description?: string }[]} */
export const SEED = [
  { name: "dog", description: "Domestic dogs" },
  { name: "cat", description: "Domestic cats" },
  { name: "rabbit", description: "Domestic rabbits" },
];

/** Where the creates since the last snapshot are. @param {string} file */
export const journalFileOf = (file) => `${file}.journal`;

/**
 * The embedded service's data: a snapshot (a JSON file, replaced atomically) and a journal beside it
 * to which every create appends its line, so a create costs the same however large the catalogue is.
 * Creates are queued, so concurrent ones never lose or duplicate a record, and a create resolves only
 * once it is on disk. Opening folds the journal into a new snapshot, and so does a write that leaves
 * the journal larger than the snapshot, so the rewrite costs no more than the appends did.
 * @param {string} file
 * @param {{ foldFromBytes?: number, seed?: readonly { name: string, description?: string }[] }} [options]
 *   the smallest journal worth folding, and what a new store starts with
 */
export async function openStore(file, { foldFromBytes = 1024 * 1024, seed = SEED } = {}) {
  await removeStaleTempFiles(file);
  const { snapshot, replayed } = await loadParts(file);
  const categories = [...snapshot, ...replayed];
  let nextId = categories.reduce((max, c) => (c.id > max ? c.id : max), 0n) + 1n;
  const seeded = categories.length === 0;
  if (seeded) for (const category of seed) categories.push({ id: nextId++, ...category });
  let snapshotBytes = seeded || replayed.length > 0 ? await save(file, categories) : (await stat(file)).size;
  const journal = journalWriter(journalFileOf(file), 0);
  // Emptied only once the snapshot holding its lines is on disk: a crash in between leaves lines that replay skips.
  await journal.empty();
  /** The appends and folds in turn; never rejects. @type {Promise<void>} */
  let writing = Promise.resolve();
  /** Creates that the next append will carry: not yet on disk, so not yet in any snapshot. @type {StoredCategory[]} */
  let queued = [];
  /**
   * The next append, not yet begun: creates arriving meanwhile join it (one write and fsync for all of them).
   * @type {Promise<void> | undefined}
   */
  let nextWrite;
  let version = 0;
  // Between appends, so the snapshot holds exactly the creates that got a response (a failed one was taken out).
  const foldIfLarge = async () => {
    if (journal.size() < Math.max(foldFromBytes, snapshotBytes)) return;
    const waiting = new Set(queued);
    snapshotBytes = await save(
      file,
      categories.filter((c) => !waiting.has(c)),
    );
    await journal.empty();
  };
  /** @param {StoredCategory} category */
  const appendSoon = (category) => {
    queued.push(category);
    if (nextWrite) return nextWrite;
    const append = writing.then(() => {
      nextWrite = undefined;
      const batch = queued;
      queued = [];
      return journal.append(batch.map((c) => `${JSON.stringify(fileForm(c))}\n`).join(""));
    });
    nextWrite = append;
    // A create gets its response once its line is on disk (a failed append is its to report); a fold that fails
    // only leaves the journal long.
    const fold = () =>
      foldIfLarge().catch((error) =>
        console.error(`catalogue: could not fold the journal into ${file}: ${error.message}`),
      );
    writing = append.then(fold, () => {});
    return append;
  };

  return {
    /** @returns {readonly StoredCategory[]} */
    list: () => categories,
    /** Changes whenever the list does. */
    version: () => version,
    /** @param {{ name: string, description?: string }} input */
    async create(input) {
      /** @type {StoredCategory} */
      const category = { id: nextId++, name: input.name };
      if (input.description !== undefined) category.description = input.description;
      categories.push(category);
      version++;
      // A failed append must not stop later ones.
      try {
        await appendSoon(category);
      } catch (error) {
        // Reported as not created, so it must not be listed (the journal has already dropped its line).
        categories.splice(categories.indexOf(category), 1);
        version++;
        throw error;
      }
      return category;
    },
    /** Waits for every queued write. */
    flush: () => writing,
  };
}

/**
 * The categories as the store would open them (snapshot, then the journal's whole lines), without
 * writing anything: for tools and tests that look at a data file, perhaps of a process killed mid-write.
 * @param {string} file @returns {Promise<StoredCategory[]>}
 */
export async function readStoredCategories(file) {
  const { snapshot, replayed } = await loadParts(file);
  return [...snapshot, ...replayed];
}

/** @param {string} file @returns {Promise<{ snapshot: StoredCategory[], replayed: StoredCategory[] }>} */
async function loadParts(file) {
  const snapshot = await loadSnapshot(file);
  const journal = journalFileOf(file);
  const entries = await readJournal(journal);
  // A crash after a new snapshot was written but before the journal was emptied leaves lines the snapshot already has.
  const seen = new Set(snapshot.map((c) => c.id));
  /** @type {StoredCategory[]} */
  const replayed = [];
  entries.forEach((entry, index) => {
    const category = categoryOf(entry);
    if (category === undefined) throw new Error(`${journal} line ${index + 1} is not a category`);
    if (seen.has(category.id)) return;
    seen.add(category.id);
    replayed.push(category);
  });
  return { snapshot, replayed };
}

/** @param {string} file @returns {Promise<StoredCategory[]>} */
async function loadSnapshot(file) {
  const data = await readJsonFile(file);
  if (data === undefined) return [];
  if (!Array.isArray(data?.categories)) throw new Error(`${file} is not a catalogue data file`);
  return data.categories.map((/** @type {{ id: string, name: string, description?: string }} */ c) => ({
    ...c,
    id: BigInt(c.id),
  }));
}

/** A journal line as a category, or undefined when it is not one.
 * @param {unknown} entry @returns {StoredCategory | undefined} */
function categoryOf(entry) {
  if (typeof entry !== "object" || entry === null) return undefined;
  const { id, name, description } = /** @type {Record<string, unknown>} */ (entry);
  if (typeof id !== "string" || !/^[1-9]\d*$/.test(id) || typeof name !== "string") return undefined;
  if (description !== undefined && typeof description !== "string") return undefined;
  return description === undefined ? { id: BigInt(id), name } : { id: BigInt(id), name, description };
}

/** Ids are kept as strings on disk so that no JSON parser rounds them. @param {StoredCategory} c */
const fileForm = (c) => ({ ...c, id: String(c.id) });

/** Writes the snapshot and says how many bytes it holds.
 * @param {string} file @param {readonly StoredCategory[]} categories */
async function save(file, categories) {
  const text = JSON.stringify({ categories: categories.map(fileForm) }, null, 1);
  await writeFileAtomically(file, text);
  return Buffer.byteLength(text);
}

/** A process killed mid-write leaves its temp file behind; the data file itself is always whole. */
/** @param {string} file */
async function removeStaleTempFiles(file) {
  const entries = await readdir(dirname(file)).catch(() => []);
  const prefix = `${basename(file)}.`;
  await Promise.all(
    entries
      .filter((name) => name.startsWith(prefix) && name.endsWith(".tmp"))
      .map((name) => rm(join(dirname(file), name), { force: true })),
  );
}
