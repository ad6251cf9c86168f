// @ts-check
import { once } from "node:events";
import { createCatalogueServer } from "./server.mjs";
import { openStore } from "./store.mjs";

/**
 * Starts the embedded catalogue service on loopback and returns its base URL
 * and a stop function that lets in-flight requests and writes finish.
 * @param {{ dataFile: string, apiKey: string, port?: number, seed?: readonly { name: string, description?: string }[] }} options
 */
export async function startCatalogue({ dataFile, apiKey, port = 0, seed }) {
  const store = await openStore(dataFile, { seed });
  const server = createCatalogueServer({ store, apiKey });
  let stopping = false;
  // Runs before the handler: once stopping, every response closes its connection, so kept-alive clients let go.
  server.prependListener("request", (_request, response) => {
    if (stopping) response.setHeader("connection", "close");
  });
  server.listen(port, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("catalogue service has no TCP address");
  return {
    url: `http://127.0.0.1:${address.port}/v1`,
    async stop() {
      stopping = true;
      const closed = new Promise((resolve) => server.close(resolve));
      // close() ends idle connections once; busy ones become idle later and are ended as they do.
      const sweeper = setInterval(() => server.closeIdleConnections(), 50);
      await closed;
      clearInterval(sweeper);
      await store.flush();
    },
  };
}
