import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startCatalogue } from "../scripts/dev-catalogue/start-catalogue.mjs";
import { ensureBuild } from "../scripts/ensure-build.mjs";
import { startStandaloneServer } from "../scripts/lib/standalone-server.mjs";
import { deadCatalogueUrl, startFakeCatalogue } from "../tests/support/fake-catalogue";
import {
  ENV,
  FAULTY_TIMEOUT_MS,
  type InstanceName,
  KNOWN_API_KEY,
  SEEDED_CATEGORIES,
  SESSION_SECRET,
  UNTIL_IT_RESPONDS,
  instancePort,
} from "./support/constants";
import { newRunDatabase, startRunTemplate } from "./support/run-database";
import { scriptedCatalogue } from "./support/scripted-catalogue";

type Stop = () => Promise<unknown>;

/**
 * Starts, on loopback: the real embedded catalogue service with a fresh data file,
 * a scripted fake catalogue, and three app instances ("main", "faulty", "down")
 * sharing one database that knows an admin and a viewer (ACCOUNTS).
 * Workers inherit the environment variables set here. Returns the global teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // The specs drive the production build: `npx playwright test <file>` must not run against an older one.
  ensureBuild();
  const workDir = await mkdtemp(join(tmpdir(), "categories-e2e-"));
  const stops: Stop[] = [];
  const teardown = async () => {
    // Apps stop first (they were started last), so none is mid-request when its catalogue goes away.
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error("e2e teardown:", error));
    if (process.env.E2E_KEEP_TEMP) console.log(`e2e: data and server logs kept in ${workDir}`);
    else await rm(workDir, { recursive: true, force: true });
  };

  try {
    const logDir = join(workDir, "logs");
    await mkdir(logDir);
    const dataFile = join(workDir, "catalogue.json");
    await writeFile(dataFile, JSON.stringify({ categories: SEEDED_CATEGORIES }));

    const sessionDir = join(workDir, "sessions");
    await mkdir(sessionDir);

    stops.push(await startRunTemplate(workDir));
    // The faulty and down instances have a database each (newRunDatabase says why): any instance on a database may run
    // the next part of an import started on another.
    const newDatabase = async () => {
      const database = await newRunDatabase();
      stops.push(() => database.stop());
      return database;
    };
    const [database, other, downDatabase] = await Promise.all([newDatabase(), newDatabase(), newDatabase()]);
    const catalogue = await startCatalogue({ dataFile, apiKey: KNOWN_API_KEY, port: 0 });
    stops.push(() => catalogue.stop());
    const fake = await startFakeCatalogue(scriptedCatalogue);
    stops.push(() => fake.close());
    const dead = await deadCatalogueUrl();

    process.env[ENV.logDir] = logDir;
    process.env[ENV.upstreamUrls] = JSON.stringify([catalogue.url, fake.url, dead]);
    process.env[ENV.sessionDir] = sessionDir;
    process.env[ENV.databaseUrl] = database.url;
    process.env[ENV.otherDatabaseUrl] = other.url;
    process.env[ENV.downDatabaseUrl] = downDatabase.url;

    const instances: [InstanceName, Record<string, string>][] = [
      // The tests play the proxy in front of the main instance: their X-Forwarded-For names the client.
      // WEBHOOK_ALLOWED_NETWORKS: the instances are started once for the run, so a spec cannot set it for itself; the
      // notifications spec's receiver listens on loopback, which the app refuses to send to unless it is allowed.
      [
        "main",
        {
          CATALOGUE_API_URL: catalogue.url,
          CATALOGUE_ENVIRONMENT: "staging",
          TRUSTED_PROXIES: "127.0.0.1",
          WEBHOOK_ALLOWED_NETWORKS: "127.0.0.1/32",
        },
      ],
      // No breaker on the faulty and down instances: each test's faults are its own, and parallel tests' failures must
      // not add up to a pause for all of them. The breaker's pause has tests of its own (the import outage test).
      [
        "faulty",
        {
          CATALOGUE_API_URL: fake.url,
          CATALOGUE_TIMEOUT_MS: String(FAULTY_TIMEOUT_MS),
          CATALOGUE_BREAKER_FAILURES: "0",
          DATABASE_URL: other.url,
        },
      ],
      ["down", { CATALOGUE_API_URL: dead, CATALOGUE_BREAKER_FAILURES: "0", DATABASE_URL: downDatabase.url }],
    ];
    const started = await Promise.allSettled(
      instances.map(async ([name, env]) => {
        const server = await startStandaloneServer({
          port: instancePort(name),
          logFile: join(logDir, `${name}.log`),
          ready: UNTIL_IT_RESPONDS,
          env: {
            CATALOGUE_API_KEY: KNOWN_API_KEY,
            CATALOGUE_ENVIRONMENT: "local",
            CATALOGUE_TIMEOUT_MS: "10000",
            SESSION_SECRET,
            DATABASE_URL: database.url,
            ...env,
          },
        });
        stops.push(() => server.stop());
      }),
    );
    const failed = started.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
