// @ts-check
// The servers of one list size, each its own process on loopback so /proc tells their CPU and memory apart: the
// embedded catalogue service seeded with N categories, the app's production build, the minimal proxy, and with a
// baseline (another checkout, built) that build's app too.
import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { freePort } from "../../scripts/lib/ports.mjs";
import { startApp } from "../../scripts/lib/standalone-app.mjs";
import { startStandaloneServer } from "../../scripts/lib/standalone-server.mjs";
import { USER, makeCategories } from "./seed.mjs";

/** @typedef {{ url: string, headers: Record<string, string>, pid: number }} Path */

/** @param {{ n: number, workDir: string, timeoutSeconds: number, baseline?: string }} options */
export async function startStack({ n, workDir, timeoutSeconds, baseline }) {
  const dataFile = join(workDir, `catalogue-${n}.json`);
  await writeFile(dataFile, JSON.stringify({ categories: makeCategories(n) }));
  const [apiKey, port] = [randomBytes(24).toString("base64url"), await freePort()];
  const catalogue = await startStandaloneServer({
    ...{ port, script: "scripts/dev-catalogue/main.mjs", logFile: join(workDir, `catalogue-${n}.log`) },
    ready: { path: "/v1/categories", anyStatus: true, timeoutMs: 60_000 },
    env: { CATALOGUE_PORT: String(port), CATALOGUE_API_KEY: apiKey, CATALOGUE_DATA_FILE: dataFile },
  });
  const upstream = { CATALOGUE_API_URL: `${catalogue.url}/v1`, CATALOGUE_API_KEY: apiKey };
  // A timeout as long as the load generator waits: a service slowed by many large lists is measured, not cut off.
  const env = { ...upstream, CATALOGUE_ENVIRONMENT: "local", CATALOGUE_TIMEOUT_MS: String(timeoutSeconds * 1000) };
  const app = await startApp({ users: [USER], name: `bench-${n}`, env });
  const script = baseline && join(baseline, ".next/standalone/scripts/serve.mjs");
  const before = script ? await startApp({ users: [USER], name: `bench-before-${n}`, env, script }) : undefined;
  const proxy = await startStandaloneServer({
    ...{ script: "bench/minimal-proxy.mjs", logFile: join(workDir, `proxy-${n}.log`) },
    ...{ ready: { path: "/", anyStatus: true }, env: upstream },
  });
  const [cookie, list] = [await app.signIn(USER), `${app.url}/api/categories`];
  const [proxyPid, cataloguePid] = [proxy.process.pid ?? -1, catalogue.process.pid ?? -1];
  const service = { url: `${catalogue.url}/v1/categories`, headers: { authorization: `Bearer ${apiKey}` } };
  /** Where each path is, for GET; a POST adds a body. "before" only with a baseline. */
  const paths = /** @type {Record<import("./report.mjs").PathName, Path>} */ ({
    app: { url: list, headers: { cookie }, pid: app.pid },
    "app-gzip": { url: list, headers: { cookie, "accept-encoding": "gzip" }, pid: app.pid },
    "app-health": { url: `${app.url}/api/health`, headers: {}, pid: app.pid },
    proxy: { url: `${proxy.url}/api/categories`, headers: {}, pid: proxyPid },
    service: { ...service, pid: cataloguePid },
    ...(before && {
      before: { url: `${before.url}/api/categories`, headers: { cookie: await before.signIn(USER) }, pid: before.pid },
    }),
  });
  return {
    paths,
    pids: [app.pid, proxyPid, cataloguePid, ...(before ? [before.pid] : [])],
    async stop() {
      await Promise.all([proxy.stop(5_000), app.stop(), before?.stop()]);
      await catalogue.stop(5_000);
    },
  };
}
