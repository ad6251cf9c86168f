// @ts-check
// The three servers of one list size, each its own process on loopback so /proc tells their CPU and memory apart: the
// embedded catalogue service seeded with N categories, the app's production build, and the minimal proxy.
import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { freePort } from "../../scripts/lib/ports.mjs";
import { startApp } from "../../scripts/lib/standalone-app.mjs";
import { startStandaloneServer } from "../../scripts/lib/standalone-server.mjs";
import { makeCategories } from "./seed.mjs";

const USER = { username: "bench", role: /** @type {const} */ ("admin"), password: "bench-password-1" };

/** @param {{ n: number, workDir: string, timeoutSeconds: number }} options */
export async function startStack({ n, workDir, timeoutSeconds }) {
  const dataFile = join(workDir, `catalogue-${n}.json`);
  await writeFile(dataFile, JSON.stringify({ categories: makeCategories(n) }));
  const [apiKey, port] = [randomBytes(24).toString("base64url"), await freePort()];
  const catalogue = await startStandaloneServer({
    port,
    script: "scripts/dev-catalogue/main.mjs",
    logFile: join(workDir, `catalogue-${n}.log`),
    ready: { path: "/v1/categories", anyStatus: true, timeoutMs: 60_000 },
    env: { CATALOGUE_PORT: String(port), CATALOGUE_API_KEY: apiKey, CATALOGUE_DATA_FILE: dataFile },
  });
  const upstream = { CATALOGUE_API_URL: `${catalogue.url}/v1`, CATALOGUE_API_KEY: apiKey };
  // CATALOGUE_TIMEOUT_MS as long as the load generator waits: a service slowed by 32 parallel 100,000-item lists is measured, not cut off.
  const app = await startApp({
    users: [USER],
    name: `bench-${n}`,
    env: { ...upstream, CATALOGUE_ENVIRONMENT: "local", CATALOGUE_TIMEOUT_MS: String(timeoutSeconds * 1000) },
  });
  const proxy = await startStandaloneServer({
    script: "bench/minimal-proxy.mjs",
    logFile: join(workDir, `proxy-${n}.log`),
    ready: { path: "/", anyStatus: true },
    env: upstream,
  });
  const [cookie, proxyPid, cataloguePid] = [
    await app.signIn(USER),
    proxy.process.pid ?? -1,
    catalogue.process.pid ?? -1,
  ];
  return {
    /** Where each path is, for GET; a POST adds a body. */
    paths: {
      app: { url: `${app.url}/api/categories`, headers: { cookie }, pid: app.pid },
      "app-gzip": { url: `${app.url}/api/categories`, headers: { cookie, "accept-encoding": "gzip" }, pid: app.pid },
      "app-health": { url: `${app.url}/api/health`, headers: {}, pid: app.pid },
      proxy: { url: `${proxy.url}/api/categories`, headers: {}, pid: proxyPid },
      service: {
        url: `${catalogue.url}/v1/categories`,
        headers: { authorization: `Bearer ${apiKey}` },
        pid: cataloguePid,
      },
    },
    pids: [app.pid, proxyPid, cataloguePid],
    async stop() {
      await Promise.all([proxy.stop(5_000), app.stop()]);
      await catalogue.stop(5_000);
    },
  };
}
