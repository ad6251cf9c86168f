// @ts-check
// What the hardening, store, import and UI benches share: the --ci flag, the production build, the signed-in app on a
// database of its own, timed requests, and where their results go.
import { mkdir, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import pg from "pg";
import { startEmbeddedDatabase } from "../../lib/node/embedded-database.mjs";
import { ensureBuild } from "../../scripts/ensure-build.mjs";
import { startApp } from "../../scripts/lib/standalone-app.mjs";
import { USER } from "./seed.mjs";

// Not strict: a bench may take flags of its own.
export const CI = parseArgs({ options: { ci: { type: "boolean", default: false } }, strict: false }).values.ci === true;
export const RUN = CI ? "CI run: small and short, figures mean little" : "full run";
export const SERVER_URL = process.env.BENCH_POSTGRES_URL || process.env.TEST_POSTGRES_URL;
ensureBuild();

/** Writes a report to bench/results (or bench/results/ci) and prints it. @param {string} file @param {string} text */
export async function saveReport(file, text) {
  const dir = CI ? "bench/results/ci" : "bench/results";
  await mkdir(dir, { recursive: true });
  await writeFile(`${dir}/${file}`, text);
  console.log(text);
}

/** A new database on the server, dropped by stop(); or the embedded one. @param {string | undefined} server */
async function freshDatabase(server) {
  if (!server) return startEmbeddedDatabase(undefined);
  const [name, client] = [`bench_${process.pid}_${Date.now()}`, new pg.Client(server)];
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  const url = Object.assign(new URL(server), { pathname: `/${name}` }).toString();
  return { url, stop: () => client.query(`DROP DATABASE ${name} WITH (FORCE)`).finally(() => client.end()) };
}

/** @typedef {{ id?: string, name: string, description?: string }} Category */

/**
 * Starts the app on a fresh database (on `server`, else embedded) with `categories` in the embedded catalogue (and
 * with `stagingCategories`, both environments), signs in, runs `measure`, then stops both.
 * @template T
 * @param {{ name: string, server?: string, categories?: Category[], stagingCategories?: Category[],
 *   env?: Record<string, string>, script?: string }} options
 * @param {(app: Awaited<ReturnType<typeof startApp>>, cookie: string, databaseUrl: string) => Promise<T>} measure
 */
export async function withApp({ name, server, categories, stagingCategories, env, script }, measure) {
  const database = await freshDatabase(server);
  const settings = { DATABASE_URL: database.url, LOG_LEVEL: "warn", ...env };
  const app = await startApp({ users: [USER], categories, stagingCategories, name, env: settings, script });
  try {
    return await measure(app, await app.signIn(USER), database.url);
  } finally {
    await app.stop();
    await database.stop();
  }
}

/** A request, timed until its whole body has arrived. @param {string} url @param {RequestInit} [init] */
export async function timed(url, init) {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = await response.text();
  return { ms: performance.now() - started, status: response.status, body };
}
