// @ts-check
// Served on loopback so every command uses the same driver and SQL as a real server; PGlite has no lock of its own.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

/**
 * The pool size an app gives the embedded database: one connection. pglite-socket runs every connection's messages in
 * one session and keeps them apart only inside a transaction, so two connections' Parse/Bind/Execute steps can
 * interleave and run one statement with the other's parameters (electric-sql/pglite#1046). PGlite runs one statement
 * at a time anyway, so one connection costs little.
 */
export const EMBEDDED_POOL_MAX = "1";

/** @param {string} dataDir */
const databaseUrlFile = (dataDir) => join(dataDir, "database-url");

/** @param {string} dataDir */
export function runningDatabaseUrl(dataDir) {
  const lock = readLock(dataDir);
  if (lock === undefined || !isAlive(lock)) return undefined;
  try {
    return readFileSync(databaseUrlFile(dataDir), "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}

/** @param {string | undefined} dataDir in memory when undefined @param {{ loadDataDir?: Blob }} [options]
 * @returns {Promise<{ url: string, stop: () => Promise<void>, dump: () => Promise<Blob> }>} */
export async function startEmbeddedDatabase(dataDir, { loadDataDir } = {}) {
  if (dataDir !== undefined) takeLock(dataDir);
  const db = await PGlite.create(dataDir === undefined ? "memory://" : join(dataDir, "pglite"), {
    loadDataDir,
    extensions: { pg_trgm },
  });
  // PGlite runs one query at a time; connections beyond one are queued at the query, not refused.
  const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0, maxConnections: 1000 });
  await server.start();
  const url = `postgres://postgres@${server.getServerConn()}/postgres`;
  if (dataDir !== undefined) writeFileSync(databaseUrlFile(dataDir), `${url}\n`, { mode: 0o600 });
  let stopped = false;
  return {
    url,
    dump: async () => /** @type {Blob} */ (await db.dumpDataDir("none")),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await db.close();
      if (dataDir !== undefined) {
        rmSync(databaseUrlFile(dataDir), { force: true });
        rmSync(lockFile(dataDir), { force: true });
      }
    },
  };
}

/** @param {string} dataDir */
const lockFile = (dataDir) => join(dataDir, "pglite.lock");

/** @param {string} dataDir */
function readLock(dataDir) {
  try {
    return Number(readFileSync(lockFile(dataDir), "utf8"));
  } catch {
    return undefined;
  }
}

/** @param {number} pid */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
  }
}

/** @param {string} dataDir */
function takeLock(dataDir) {
  mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile(dataDir), "wx", 0o600);
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== "EEXIST") throw error;
      const holder = readLock(dataDir);
      if (holder !== undefined && holder !== process.pid && isAlive(holder)) {
        throw new Error(`the embedded database in ${dataDir} is open in process ${holder}; stop it first`);
      }
      rmSync(lockFile(dataDir), { force: true }); // left by a process that has ended
    }
  }
  throw new Error(`could not lock the embedded database in ${dataDir}`);
}
