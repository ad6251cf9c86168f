// @ts-check
import pg from "pg";
import { startEmbeddedDatabase } from "../../lib/node/embedded-database.mjs";

/** A new database on the server, dropped by stop(); or the embedded one, in memory. @param {string | undefined} server */
export async function freshDatabase(server) {
  if (!server) return startEmbeddedDatabase(undefined);
  const [name, client] = [`bench_${process.pid}_${Date.now()}`, new pg.Client(server)];
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  const url = Object.assign(new URL(server), { pathname: `/${name}` }).toString();
  return { url, stop: () => client.query(`DROP DATABASE ${name} WITH (FORCE)`).finally(() => client.end()) };
}
