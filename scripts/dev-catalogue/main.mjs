// @ts-check
// `npm run catalogue`: the embedded catalogue service on its own.
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { startCatalogue } from "./start-catalogue.mjs";

const port = Number(process.env.CATALOGUE_PORT ?? 4010);
const dataFile = resolve(process.env.CATALOGUE_DATA_FILE ?? ".data/catalogue.json");
const givenKey = process.env.CATALOGUE_API_KEY;
const apiKey = givenKey || randomBytes(32).toString("base64url");

const catalogue = await startCatalogue({ dataFile, apiKey, port });
console.log(`Catalogue service on ${catalogue.url} (data in ${dataFile})`);
// Printed only when this command made the key itself: the person running it needs it to call the service.
if (!givenKey) console.log(`API key for this run: ${apiKey}`);

for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) {
  process.once(signal, async () => {
    await catalogue.stop();
    process.exit(0);
  });
}
