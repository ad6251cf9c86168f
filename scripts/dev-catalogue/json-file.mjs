// @ts-check
// Small JSON data files (the embedded catalogue's data).
import { mkdir, open, readFile, rename } from "node:fs/promises";
import { dirname } from "node:path";

/** The parsed file, or undefined when it does not exist. @param {string} file @returns {Promise<any>} */
export async function readJsonFile(file) {
  try {
    return JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * Replaces the file atomically: a temp file beside it, fsynced, then renamed
 * over it, so anything reading it, or a crash, only ever sees the old or the new content.
 * The folder is fsynced too, so the new content is the one on disk before
 * anything that relies on it (the store empties its journal next) happens.
 * @param {string} file @param {string} text @param {number} [mode] the new file's permissions
 */
export async function writeFileAtomically(file, text, mode = 0o644) {
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  const handle = await open(temp, "w", mode);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, file);
  await syncDirectory(dirname(file));
}

/** Makes the folder's entries (files created, renamed) durable, not only the files' bytes. @param {string} dir */
export async function syncDirectory(dir) {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
