// @ts-check
// Small JSON data files (the users file, the embedded catalogue's data), shared by the app and the scripts.
import { mkdir, open, readFile, rename, stat, unlink } from "node:fs/promises";
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
 * over it, so a reader or a crash only ever sees the old or the new content.
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
}

const LOCK_STALE_MS = 30_000;
const LOCK_WAIT_MS = 20_000;

/**
 * Runs `change` while holding `<file>.lock`, so read-modify-write changes by several processes at once (forty
 * `npm run users -- add` side by side) all land instead of overwriting each other. A lock left by a process that
 * died is taken over after LOCK_STALE_MS.
 * @template T @param {string} file @param {() => Promise<T>} change @returns {Promise<T>}
 */
export async function withFileLock(file, change) {
  const lock = `${file}.lock`;
  await mkdir(dirname(file), { recursive: true });
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      await (await open(lock, "wx", 0o600)).close();
      break;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== "EEXIST") throw error;
      const held = await stat(lock).catch(() => undefined);
      if (held && Date.now() - held.mtimeMs > LOCK_STALE_MS) await unlink(lock).catch(() => {});
      else if (Date.now() > deadline) throw new Error(`${lock} is held by another process; try again, or remove it if none runs`);
      else await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40));
    }
  }
  try {
    return await change();
  } finally {
    await unlink(lock).catch(() => {});
  }
}
