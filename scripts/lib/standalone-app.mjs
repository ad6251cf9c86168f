// @ts-check
// The production build as `npm run size`, `lighthouse`, `screenshots` and the benchmarks run it: the standalone server
// with its users in a database of its own (in memory) and, when categories are given, the embedded catalogue seeded
// with them. The key and session secret are random per run and never printed. Whatever is started here is stopped by
// stop(), on Ctrl-C or SIGTERM, and killed when the script exits any other way.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EMBEDDED_POOL_MAX, startEmbeddedDatabase } from "../../lib/node/embedded-database.mjs";
import { startCatalogue } from "../dev-catalogue/start-catalogue.mjs";
import { freePort } from "./ports.mjs";
import { seedUsers } from "./seed-users.mjs";
import { startStandaloneServer } from "./standalone-server.mjs";

/** @typedef {{ username: string, role: import("../../lib/node/user-store.mjs").Role, password: string }} User */
/** @typedef {{ id?: string, name: string, description?: string }} Category */

/** Synchronous clean-ups for process "exit", which cannot wait. @type {Set<() => void>} */
const atExit = new Set();
/** What a signal waits for before the script exits. @type {Set<() => Promise<void>>} */
const onSignal = new Set();
let handlersInstalled = false;

/**
 * Runs `cleanup` (synchronous) when the script exits, however it ends; returns a function that cancels it.
 * @param {() => void} cleanup
 */
export function whenExiting(cleanup) {
  installHandlers();
  atExit.add(cleanup);
  return () => atExit.delete(cleanup);
}

function installHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on("exit", () => {
    for (const cleanup of atExit) cleanup();
  });
  for (const [signal, code] of /** @type {const} */ ([
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ])) {
    process.once(signal, async () => {
      await Promise.allSettled([...onSignal].map((stop) => stop()));
      process.exit(code);
    });
  }
}

/**
 * Signs in through POST /api/auth/login as a browser does (no Origin header); returns the Cookie header value.
 * @param {string} appUrl @param {{ username: string, password: string }} user @returns {Promise<string>}
 */
export async function signIn(appUrl, { username, password }) {
  const response = await fetch(`${appUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 204) throw new Error(`sign-in failed with ${response.status}: ${await response.text()}`);
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  if (!cookie.startsWith("categories_session="))
    throw new Error(`no session cookie in ${response.headers.get("set-cookie")}`);
  return cookie;
}

/**
 * @param {{
 *   port?: number, users: readonly User[], categories?: readonly Category[],
 *   stagingCategories?: readonly Category[], name?: string,
 *   env?: Record<string, string>, script?: string,
 * }} options
 *   Without `categories` no catalogue runs (pages that need it show their error state); without `port`, a free one.
 *   `env`: more settings. `script`: another build's server entry, for the benchmark's before-and-after reads.
 */
export async function startApp({ port, users, categories, stagingCategories, name = "app", env = {}, script }) {
  installHandlers();
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  atExit.add(removeDir);

  const apiKey = randomBytes(24).toString("base64url");
  /** @type {Record<string, string>} */
  let catalogueEnv = { CATALOGUE_API_URL: "http://127.0.0.1:9/v1", CATALOGUE_API_KEY: apiKey }; // never called
  /** @type {Awaited<ReturnType<typeof startCatalogue>>[]} */
  const catalogues = [];
  let stagingKey = "";
  /** @param {string} file @param {readonly Category[]} list @param {string} key */
  const seededCatalogue = async (file, list, key) => {
    const dataFile = join(dir, file);
    writeFileSync(
      dataFile,
      JSON.stringify({ categories: list.map((category, i) => ({ id: String(i + 1), ...category })) }),
    );
    const started = await startCatalogue({ dataFile, apiKey: key });
    catalogues.push(started);
    return started;
  };
  if (categories && stagingCategories) {
    stagingKey = randomBytes(24).toString("base64url");
    const production = await seededCatalogue("catalogue.json", categories, apiKey);
    const staging = await seededCatalogue("catalogue-staging.json", stagingCategories, stagingKey);
    catalogueEnv = {
      CATALOGUE_PRODUCTION_URL: production.url,
      CATALOGUE_PRODUCTION_KEY: apiKey,
      CATALOGUE_STAGING_URL: staging.url,
      CATALOGUE_STAGING_KEY: stagingKey,
      CATALOGUE_EMBEDDED: "1",
    };
  } else if (categories) {
    const catalogue = await seededCatalogue("catalogue.json", categories, apiKey);
    catalogueEnv = { CATALOGUE_API_URL: catalogue.url, CATALOGUE_API_KEY: apiKey, CATALOGUE_ENVIRONMENT: "local" };
  }

  // The embedded database, in memory, unless `env` names a server.
  const database = env.DATABASE_URL ? undefined : await startEmbeddedDatabase(undefined);
  await seedUsers(env.DATABASE_URL ?? database?.url ?? "", users);
  const appPort = port ?? (await freePort());
  let server;
  try {
    server = await startStandaloneServer({
      port: appPort,
      script,
      env: {
        APP_ORIGIN: `http://127.0.0.1:${appPort}`,
        ...catalogueEnv,
        SESSION_SECRET: randomBytes(32).toString("base64url"),
        ...(database && { DATABASE_URL: database.url, DATABASE_POOL_MAX: EMBEDDED_POOL_MAX }),
        ...env,
      },
      logFile: join(dir, "server.log"),
      ready: { timeoutMs: 60_000 },
    });
  } catch (error) {
    await Promise.all(catalogues.map((catalogue) => catalogue.stop()));
    await database?.stop();
    removeDir();
    throw error;
  }

  const url = server.url;
  const stop = async () => {
    onSignal.delete(stop);
    await server.stop(5_000);
    await Promise.all(catalogues.map((catalogue) => catalogue.stop()));
    await database?.stop();
    removeDir();
    atExit.delete(removeDir);
  };
  onSignal.add(stop);
  return {
    url,
    /** The server's process id, for the benchmarks' readings of /proc. */
    pid: server.process.pid ?? -1,
    /** The embedded (production) catalogue and its key, for measuring the service itself. */
    catalogue: catalogues[0] && { url: catalogues[0].url, apiKey },
    /** With `stagingCategories`, the staging catalogue and its key. */
    stagingCatalogue: catalogues[1] && { url: catalogues[1].url, apiKey: stagingKey },
    /** @param {User} user */
    signIn: (user) => signIn(url, user),
    stop,
  };
}
