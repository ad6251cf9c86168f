import { fileURLToPath } from "node:url";
import { type Child, spawnNode, waitForOutput } from "./child-process";

const MAIN = fileURLToPath(new URL("../../scripts/dev-catalogue/main.mjs", import.meta.url));

export type CatalogueProcess = Child & {
  /** Base URL ending in /v1. */
  url: string;
  port: number;
  /** GET or POST /v1/categories with the service's key. */
  call(method: "GET" | "POST", body?: unknown): Promise<Response>;
};

export type CatalogueProcessOptions = { dataFile: string; apiKey: string; port?: number };

/**
 * The embedded catalogue service as its own process (`npm run catalogue`), so a
 * test can stop it with SIGTERM, crash it with SIGKILL and start it again.
 */
export async function startCatalogueProcess({
  dataFile,
  apiKey,
  port = 0,
}: CatalogueProcessOptions): Promise<CatalogueProcess> {
  const child = spawnNode(MAIN, {
    CATALOGUE_PORT: String(port),
    CATALOGUE_API_KEY: apiKey,
    CATALOGUE_DATA_FILE: dataFile,
  });
  const [, url = "", boundPort = ""] = await waitForOutput(
    child,
    /Catalogue service on (http:\/\/127\.0\.0\.1:(\d+)\/v1)/,
    15_000,
  );
  return {
    ...child,
    url,
    port: Number(boundPort),
    call: (method, body) =>
      fetch(`${url}/categories`, {
        method,
        headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
  };
}
