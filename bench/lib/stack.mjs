// @ts-check
// The three servers of one list size, each its own process on loopback: the embedded catalogue
// service seeded with N categories, the app's production build, and the minimal proxy.
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { startEmbeddedDatabase } from "../../lib/db/embedded-database.mjs";
import { seedUsers } from "../../scripts/lib/seed-users.mjs";
import { freePort } from "../../scripts/lib/ports.mjs";
import { startStandaloneServer } from "../../scripts/lib/standalone-server.mjs";
import { startChild } from "./children.mjs";
import { writeCatalogueData } from "./seed.mjs";
import { signIn } from "./sign-in.mjs";

export const USER = { username: "bench", role: /** @type {const} */ ("admin"), password: "bench-password-1" };

/** @param {string} url @param {Record<string, string>} [headers] */
async function answers(url, headers = {}) {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
  await response.arrayBuffer();
  return response.ok;
}

/**
 * @param {{ n: number, workDir: string, sessionSecret: string, timeoutSeconds: number }} options
 */
export async function startStack({ n, workDir, sessionSecret, timeoutSeconds }) {
  const dataFile = join(workDir, `catalogue-${n}.json`);
  await writeCatalogueData(dataFile, n);
  const apiKey = randomBytes(24).toString("base64url");
  const authorization = `Bearer ${apiKey}`;
  const ports = [await freePort(), await freePort(), await freePort()];
  if (new Set(ports).size !== ports.length) throw new Error("could not find three free ports on loopback");
  const [cataloguePort, appPort, proxyPort] = /** @type {[number, number, number]} */ (ports);
  const serviceUrl = `http://127.0.0.1:${cataloguePort}/v1`;
  const appUrl = `http://127.0.0.1:${appPort}`;
  const proxyUrl = `http://127.0.0.1:${proxyPort}`;

  const catalogue = await startChild({
    name: `catalogue service (N = ${n})`,
    script: "scripts/catalogue/main.mjs",
    env: { CATALOGUE_PORT: String(cataloguePort), CATALOGUE_API_KEY: apiKey, CATALOGUE_DATA_FILE: dataFile },
    logFile: join(workDir, `catalogue-${n}.log`),
    ready: () => answers(`${serviceUrl}/categories`, { authorization }),
  });
  const database = await startEmbeddedDatabase(undefined);
  await seedUsers(database.url, [USER]);
  const app = await startStandaloneServer({
    port: appPort,
    env: {
      CATALOGUE_API_URL: serviceUrl,
      CATALOGUE_API_KEY: apiKey,
      CATALOGUE_ENVIRONMENT: "local",
      SESSION_SECRET: sessionSecret,
      DATABASE_URL: database.url,
      // As long as the load generator waits: a service slowed by 32 parallel 100,000-item lists is then measured,
      // not cut off at 10 s with a 504 (which the proxy would not do) and then failed fast by the breaker.
      CATALOGUE_TIMEOUT_MS: String(timeoutSeconds * 1000),
    },
    logFile: join(workDir, `app-${n}.log`),
    ready: { timeoutMs: 60_000 },
  });
  const appPid = app.process.pid ?? -1;
  const proxy = await startChild({
    name: `minimal proxy (N = ${n})`,
    script: "bench/minimal-proxy.mjs",
    env: { PORT: String(proxyPort), CATALOGUE_API_URL: serviceUrl, CATALOGUE_API_KEY: apiKey },
    logFile: join(workDir, `proxy-${n}.log`),
    ready: () => answers(`${proxyUrl}/api/categories`),
  });
  const cookie = await signIn(appUrl, USER.username, USER.password);

  return {
    catalogue,
    app,
    proxy,
    /** The URL and headers of each path, for GET; a POST adds a body and its content type. */
    paths: {
      app: { url: `${appUrl}/api/categories`, headers: { cookie }, pid: appPid, upstreamPid: catalogue.pid },
      proxy: { url: `${proxyUrl}/api/categories`, headers: {}, pid: proxy.pid, upstreamPid: catalogue.pid },
      service: { url: `${serviceUrl}/categories`, headers: { authorization }, pid: catalogue.pid, upstreamPid: undefined },
    },
    pids: [appPid, proxy.pid, catalogue.pid],
    async stop() {
      await proxy.stop();
      await app.stop();
      await catalogue.stop();
      await database.stop();
    },
  };
}
