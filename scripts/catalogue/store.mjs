// @ts-check
import { readdir, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { readJsonFile, writeFileAtomically } from "./json-file.mjs";

/** @typedef {{ id: bigint, name: string, description?: string }} StoredCategory */

const SEED = [
  { name: "dog", description: "Domestic dogs" },
  { name: "cat", description: "Domestic cats" },
  { name: "rabbit", description: "Domestic rabbits" },
];

/**
 * The embedded service's data: a JSON file rewritten atomically (temp file,
 * fsync, rename) after every create. Creates are queued, so concurrent ones
 * never lose or duplicate a record, and a create resolves only once it is on disk.
 * @param {string} file
 */
export async function openStore(file) {
  await removeStaleTempFiles(file);
  /** @type {StoredCategory[]} */
  const categories = await load(file);
  let nextId = categories.reduce((max, c) => (c.id > max ? c.id : max), 0n) + 1n;
  let writing = Promise.resolve();
  /** The next write, not yet begun: creates arriving meanwhile join it (one file write for all of them). @type {Promise<void> | undefined} */
  let nextWrite;
  let version = 0;
  const writeSoon = () => {
    nextWrite ??= writing.catch(() => {}).then(() => {
      nextWrite = undefined;
      return save(file, [...categories]);
    });
    writing = nextWrite;
    return nextWrite;
  };

  if (categories.length === 0) {
    for (const seed of SEED) categories.push({ id: nextId++, ...seed });
    await save(file, categories);
  }

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
      // The snapshot is taken when the write begins, so it holds every record queued before it;
      // a failed write must not stop later ones.
      try {
        await writeSoon();
      } catch (error) {
        // Reported as not created, so it must not be listed or saved later.
        categories.splice(categories.indexOf(category), 1);
        version++;
        throw error;
      }
      return category;
    },
    /** Waits for every queued write. */
    flush: () => writing.catch(() => {}),
  };
}

/** @param {string} file @returns {Promise<StoredCategory[]>} */
async function load(file) {
  const data = await readJsonFile(file);
  if (data === undefined) return [];
  if (!Array.isArray(data?.categories)) throw new Error(`${file} is not a catalogue data file`);
  return data.categories.map((/** @type {{ id: string, name: string, description?: string }} */ c) => ({ ...c, id: BigInt(c.id) }));
}

/** @param {string} file @param {readonly StoredCategory[]} categories */
async function save(file, categories) {
  // Ids are kept as strings in the file so that no reader can round them.
  await writeFileAtomically(file, JSON.stringify({ categories: categories.map((c) => ({ ...c, id: String(c.id) })) }, null, 1));
}

/** A process killed mid-write leaves its temp file behind; the data file itself is always whole. */
/** @param {string} file */
async function removeStaleTempFiles(file) {
  const entries = await readdir(dirname(file)).catch(() => []);
  const prefix = `${basename(file)}.`;
  await Promise.all(
    entries.filter((name) => name.startsWith(prefix) && name.endsWith(".tmp")).map((name) => rm(join(dirname(file), name), { force: true })),
  );
}
