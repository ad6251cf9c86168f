// @ts-check
// The catalogue's journal: one JSON object a line, appended and fsynced, so a create costs one
// small write however many categories there are. The snapshot beside it holds the rest.
import { open, readFile } from "node:fs/promises";
import { dirname } from "node:path";
import { syncDirectory } from "./json-file.mjs";

/**
 * The journal's whole lines, parsed. A last line without its newline was being appended when the
 * process died; it was never acknowledged, so it is left out. Any other line that does not parse is
 * damage, not a crash, and is an error naming the line.
 * @param {string} file
 * @returns {Promise<unknown[]>}
 */
export async function readJournal(file) {
  let text;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === "ENOENT") return [];
    throw error;
  }
  const lines = text.split("\n");
  lines.pop(); // "" after the last newline, or the torn line
  return lines.map((line, index) => {
    try {
      return JSON.parse(line);
    } catch {
      throw new Error(`${file} line ${index + 1} is not valid JSON`);
    }
  });
}

/**
 * Appends to a journal that holds `size` bytes of whole lines. The file is opened for each append
 * rather than kept open: if it or its folder goes away, appends fail instead of landing in a file
 * nobody will read.
 * @param {string} file @param {number} size
 */
export function journalWriter(file, size) {
  /** Cuts the file back to its whole lines: an append that failed may have left part of its text. */
  const cutBack = async () => {
    const handle = await open(file, "r+");
    try {
      await handle.truncate(size);
      await handle.datasync();
    } finally {
      await handle.close();
    }
  };
  return {
    /** Resolves once `text` (whole lines) is on disk; if it rejects, none of it is read back. @param {string} text */
    async append(text) {
      const bytes = Buffer.from(text);
      try {
        const handle = await open(file, "r+");
        try {
          await handle.truncate(size); // in case an earlier cut back failed as well
          await handle.write(bytes, 0, bytes.length, size);
          await handle.datasync();
        } finally {
          await handle.close();
        }
      } catch (error) {
        // Its creates get a failed response, so they must not come back when the journal is replayed.
        await cutBack().catch(() => {});
        throw error;
      }
      size += bytes.length;
    },
    /** Bytes of whole lines it holds. */
    size: () => size,
    /** Drops every line once a snapshot holds them, creating the file if need be, so appends never have to. */
    async empty() {
      // First, so that a failure below leaves lines that the next append writes over, never a gap of zeros before it.
      size = 0;
      const handle = await open(file, "w");
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await syncDirectory(dirname(file));
    },
  };
}
