// @ts-check
// `npm start` (and `npm run dev` with --dev): the app, plus two embedded catalogue services (production and staging)
// when no catalogue is configured, and the embedded database when DATABASE_URL is not set. Ctrl-C or SIGTERM stops
// them all cleanly.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import nextEnv from "@next/env";
import { startCatalogue } from "./dev-catalogue/start-catalogue.mjs";
import { STAGING_SEED } from "./dev-catalogue/staging-seed.mjs";
import { addFirstAdmin, importUsersFile, listUsers } from "../lib/node/user-store.mjs";
import { EMBEDDED_POOL_MAX, startEmbeddedDatabase } from "../lib/node/embedded-database.mjs";
import { ensureBuild } from "./ensure-build.mjs";
import { withDatabaseClient } from "./lib/database-client.mjs";
import { startStandaloneServer } from "./lib/standalone-server.mjs";

const dev = process.argv.includes("--dev");
// The same .env files Next reads, so a CATALOGUE_API_URL set there is seen here too.
nextEnv.loadEnvConfig(process.cwd(), dev);
if (!dev) ensureBuild();

/** @type {Record<string, string>} */
const childEnv = { NEXT_TELEMETRY_DISABLED: "1" };
const dataDir = resolve(process.env.DATA_DIR ?? ".data");
/** @type {Awaited<ReturnType<typeof startEmbeddedDatabase>> | undefined} */
let database;
if (!process.env.DATABASE_URL) {
  database = await startEmbeddedDatabase(dataDir);
  console.log(`Embedded database (PGlite) on ${database.url} (data in ${dataDir})`);
  childEnv.DATABASE_URL = database.url;
  childEnv.DATABASE_POOL_MAX = process.env.DATABASE_POOL_MAX || EMBEDDED_POOL_MAX;
  // Only here: with a server of the organisation's, a printed password would land in its logs; use npm run users.
  await createFirstAccounts(database.url);
}
/** @type {Awaited<ReturnType<typeof startCatalogue>>[]} */
const catalogues = [];
const PAIR_SETTINGS = [
  "CATALOGUE_PRODUCTION_URL",
  "CATALOGUE_PRODUCTION_KEY",
  "CATALOGUE_STAGING_URL",
  "CATALOGUE_STAGING_KEY",
];
const embedded = !process.env.CATALOGUE_API_URL && !PAIR_SETTINGS.some((name) => process.env[name]);
if (embedded && process.env.CATALOGUE_ENVIRONMENT) {
  // CATALOGUE_ENVIRONMENT names a single environment: one embedded service, as before there were two.
  const dataFile = resolve(process.env.CATALOGUE_DATA_FILE ?? join(dataDir, "catalogue.json"));
  const service = await embeddedCatalogue(
    "Embedded catalogue service",
    dataFile,
    Number(process.env.CATALOGUE_PORT ?? 0),
  );
  Object.assign(childEnv, {
    CATALOGUE_API_URL: service.url,
    CATALOGUE_API_KEY: service.apiKey,
    CATALOGUE_EMBEDDED: "1",
  });
} else if (embedded) {
  // Both environments, each with its own data and its own key, so a newcomer sees the switch and the comparison.
  const productionFile = resolve(process.env.CATALOGUE_DATA_FILE ?? join(dataDir, "catalogue.json"));
  const production = await embeddedCatalogue(
    "Embedded production catalogue service",
    productionFile,
    Number(process.env.CATALOGUE_PORT ?? 0),
  );
  const staging = await embeddedCatalogue(
    "Embedded staging catalogue service",
    join(dirname(productionFile), "catalogue-staging.json"),
    0,
    STAGING_SEED,
  );
  Object.assign(childEnv, {
    CATALOGUE_PRODUCTION_URL: production.url,
    CATALOGUE_PRODUCTION_KEY: production.apiKey,
    CATALOGUE_STAGING_URL: staging.url,
    CATALOGUE_STAGING_KEY: staging.apiKey,
    CATALOGUE_EMBEDDED: "1",
  });
}
if (embedded) childEnv.SESSION_SECRET = process.env.SESSION_SECRET ?? (await localSessionSecret());

/**
 * One embedded catalogue service with a key of its own, made for this run.
 * @param {string} title @param {string} dataFile @param {number} port
 * @param {Parameters<typeof startCatalogue>[0]["seed"]} [seed]
 */
async function embeddedCatalogue(title, dataFile, port, seed) {
  const apiKey = randomBytes(32).toString("base64url");
  const service = await startCatalogue({ dataFile, apiKey, port, seed });
  catalogues.push(service);
  console.log(`${title} on ${service.url} (data in ${dataFile})`);
  return { url: service.url, apiKey };
}

/**
 * Local mode keeps its own session secret in DATA_DIR, so what is signed with it (sessions, found by an HMAC of their
 * token, and the device cookies) stays valid across a restart of `npm start`: nobody is signed out by one.
 */
async function localSessionSecret() {
  const file = join(dataDir, "session-secret");
  if (existsSync(file)) return (await readFile(file, "utf8")).trim();
  const secret = randomBytes(32).toString("base64url");
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * With nobody in the embedded database, the first accounts: those of the users file of the versions before the
 * database when there is one (AUTH_USERS_FILE, else DATA_DIR/users.json), so an upgrade keeps everyone's password;
 * else, or when none of its entries could be used, an `admin` with a random password, shown this once.
 */
async function createFirstAccounts(/** @type {string} */ url) {
  await withDatabaseClient(url, async (db) => {
    if ((await listUsers(db)).length > 0) return;
    const legacyFile = resolve(process.env.AUTH_USERS_FILE ?? join(dataDir, "users.json"));
    if (existsSync(legacyFile)) {
      const { added, skipped } = await importUsersFile(db, legacyFile);
      console.log(`Imported ${added} account(s) from ${legacyFile} into the database; that file is no longer read.`);
      if (skipped.length > 0)
        console.warn(`Skipped ${skipped.length} entries that are not valid users: ${skipped.join(", ")}`);
      if (added > 0) return;
    }
    const password = randomBytes(12).toString("base64url");
    if (!(await addFirstAdmin(db, password))) return; // made meanwhile by another start on the same data
    console.log(`\nCreated the first account. Sign in as  admin  with password  ${password}`);
    console.log(
      "This password is shown only now. Add people with: npm run -s users -- add <name> --role <viewer|admin>\n",
    );
  });
}

// Local mode listens on loopback only: the app holds an API key and must not be reachable from the network by default.
const hostname = process.env.APP_HOST ?? (embedded ? "127.0.0.1" : "0.0.0.0");
const port = process.env.PORT ?? "3000";
const env = { ...process.env, ...childEnv, HOSTNAME: hostname, PORT: port };
const app = dev
  ? spawn(process.execPath, ["node_modules/next/dist/bin/next", "dev", "-H", hostname, "-p", port], {
      stdio: "inherit",
      env,
    })
  : await startStandaloneServer({ port: Number(port), hostname, env: childEnv, stdio: "inherit", ready: false }).then(
      (server) => server.process,
      async (error) => {
        console.error(error instanceof Error ? error.message : error);
        await stopCatalogues();
        await database?.stop();
        process.exit(1);
      },
    );
console.log(`Categories admin on http://localhost:${port}`);

let stopping = false;
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    app.kill("SIGTERM");
  });
}

function stopCatalogues() {
  return Promise.all(catalogues.map((service) => service.stop()));
}

app.on("exit", async (code, signal) => {
  await stopCatalogues();
  await database?.stop();
  process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0)));
});
