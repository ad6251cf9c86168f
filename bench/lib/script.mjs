// @ts-check
// What the hardening, store and import benches share: the --ci flag, the production build, the signed-in user, a
// database of their own, and where their results go.
import { mkdir, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import pg from "pg";
import { startEmbeddedDatabase } from "../../lib/node/embedded-database.mjs";
import { ensureBuild } from "../../scripts/ensure-build.mjs";

export const CI = parseArgs({ options: { ci: { type: "boolean", default: false } } }).values.ci;
export const RUN = CI ? "CI run: small and short, figures mean little" : "full run";
export const USER = { username: "bench", role: /** @type {const} */ ("admin"), password: "bench-password-123" };
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
export async function freshDatabase(server) {
  if (!server) return startEmbeddedDatabase(undefined);
  const [name, client] = [`bench_${process.pid}_${Date.now()}`, new pg.Client(server)];
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  const url = Object.assign(new URL(server), { pathname: `/${name}` }).toString();
  return { url, stop: () => client.query(`DROP DATABASE ${name} WITH (FORCE)`).finally(() => client.end()) };
}
