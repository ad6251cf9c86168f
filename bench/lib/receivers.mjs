// @ts-check
// Webhook receivers on loopback, in a process of their own as they would be on machines of their own: what they spend
// taking events is neither the app's nor the bench's, whose process also serves the embedded database and catalogue.
// Started with startReceivers(); this file is also the child's entry.
import { fork } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:http";

/** Wall-clock milliseconds with a fraction, comparable between processes. */
export const now = () => performance.timeOrigin + performance.now();

/**
 * One receiver per entry of `hangs`; one that hangs never answers. `firstSeen()` gives, per receiver, when each
 * category's event first arrived (`now()`).
 * @param {boolean[]} hangs
 */
export async function startReceivers(hangs) {
  const child = fork(new URL(import.meta.url), ["--child"], { stdio: "inherit" });
  /** @param {Record<string, unknown>} message */
  const ask = async (message) => {
    child.send(message);
    const [answer] = await once(child, "message");
    return answer;
  };
  const { urls } = await ask({ start: hangs });
  return {
    /** @type {string[]} */
    urls,
    /** @returns {Promise<Map<string, number>[]>} */
    firstSeen: async () =>
      (await ask({ report: true })).seen.map((/** @type {[string, number][]} */ entries) => new Map(entries)),
    close: () => {
      child.kill();
    },
  };
}

if (process.argv.includes("--child")) {
  /** @type {Map<string, number>[]} */
  const seen = [];
  /** @param {boolean} hang */
  const receiver = async (hang) => {
    /** @type {Map<string, number>} */
    const firstSeen = new Map();
    seen.push(firstSeen);
    const server = createServer((request, response) => {
      const chunks = /** @type {Buffer[]} */ ([]);
      request.on("data", (chunk) => chunks.push(chunk));
      request.on("end", () => {
        const at = now();
        const name = JSON.parse(Buffer.concat(chunks).toString("utf8"))?.data?.category?.name;
        if (typeof name === "string" && !firstSeen.has(name)) firstSeen.set(name, at);
        if (!hang) response.writeHead(204).end();
      });
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
    return `http://127.0.0.1:${port}/hook`;
  };
  process.on("message", async (/** @type {{ start?: boolean[], report?: true }} */ message) => {
    if (message.start) process.send?.({ urls: await Promise.all(message.start.map(receiver)) });
    if (message.report) process.send?.({ seen: seen.map((firstSeen) => [...firstSeen]) });
  });
  process.on("disconnect", () => process.exit(0));
}
