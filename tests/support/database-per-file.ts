import { readFile } from "node:fs/promises";
import { type Socket, connect, createServer } from "node:net";
import { afterAll } from "vitest";
import { startEmbeddedDatabase } from "../../lib/node/embedded-database.mjs";
import { fileDatabaseServer, newDatabaseOn } from "./test-database";

type Database = { url: string; stop: () => Promise<void> };

/**
 * The file's embedded database, started at its first connection: PGlite's start costs about 1.5 s of CPU, and many
 * files never connect. The URL is a loopback port that hands each connection on to it.
 */
async function embeddedOnFirstUse(template: string): Promise<Database> {
  let database: Promise<Database> | undefined;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    database ??= readFile(template).then((tar) => startEmbeddedDatabase(undefined, { loadDataDir: new Blob([tar]) }));
    database.then(
      ({ url }) => {
        const upstream = connect(Number(new URL(url).port), "127.0.0.1");
        sockets.add(upstream);
        upstream.on("close", () => sockets.delete(upstream));
        client.pipe(upstream).pipe(client);
        client.on("error", () => upstream.destroy());
        upstream.on("error", () => client.destroy());
      },
      () => client.destroy(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
      await database?.then(
        (started) => started.stop(),
        () => undefined,
      );
    },
  };
}

// Each test file's own database, a copy of the migrated template (database-setup.ts): on the PostgreSQL server, or
// embedded in this worker. The app modules and every app a test starts read DATABASE_URL.
const template = process.env.TEST_DATABASE_TEMPLATE ?? "";
const server = fileDatabaseServer();
const database = server ? await newDatabaseOn(server, template) : await embeddedOnFirstUse(template);
process.env.DATABASE_URL = database.url;
afterAll(() => database.stop());
