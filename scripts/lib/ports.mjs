// @ts-check
// Ports on loopback, for everything that starts a server of ours: tests, benchmarks and the page-check scripts.
import { once } from "node:events";
import { createServer } from "node:net";

/** A TCP port that was free a moment ago on 127.0.0.1 (the OS picks it; another process could take it first). */
export async function freePort() {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no TCP address");
  return address.port;
}

/** Whether nothing listens on `port` of 127.0.0.1 right now. @param {number} port */
export async function portIsFree(port) {
  const probe = createServer();
  const free = await new Promise((done) => {
    probe.once("error", () => done(false));
    probe.listen(port, "127.0.0.1", () => done(true));
  });
  if (free) await new Promise((done) => probe.close(done));
  return free;
}
