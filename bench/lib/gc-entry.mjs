// @ts-check
// The app's server entry, for the benches that read what the app holds: on SIGUSR2 it collects garbage (twice, through
// the inspector, as `--expose-gc` would) and appends its memory figures as one JSON line to the file MEMORY_OUT names.
// Resident memory alone also counts what was freed but not handed back to the system.
import { appendFileSync } from "node:fs";
import { Session } from "node:inspector";
import { SERVER_ENTRY } from "../../scripts/lib/standalone-server.mjs";

const session = new Session();
session.connect();
const post = (/** @type {string} */ method) =>
  new Promise((resolve, reject) => session.post(method, (error) => (error ? reject(error) : resolve(undefined))));
process.on("SIGUSR2", async () => {
  await post("HeapProfiler.enable");
  await post("HeapProfiler.collectGarbage");
  await post("HeapProfiler.collectGarbage");
  const { heapUsed, arrayBuffers, rss } = process.memoryUsage();
  appendFileSync(process.env.MEMORY_OUT ?? "", `${JSON.stringify({ heapUsed, arrayBuffers, rss })}\n`);
});
await import(SERVER_ENTRY);
