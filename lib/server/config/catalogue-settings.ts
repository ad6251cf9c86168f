import "server-only";
import type { CatalogueEnvironment } from "@/lib/shared/environment";
import { isLoopbackHost } from "@/lib/node/setting-checks.mjs";

/** One catalogue environment's service: its key goes to its URL and nowhere else. */
export type CatalogueSettings = { environment: CatalogueEnvironment; url: string; apiKey: string };

type Settings = Partial<Record<(typeof PAIR_SETTINGS)[number] | (typeof SINGLE_SETTINGS)[number], string>> & {
  CATALOGUE_ALLOW_HTTP?: string;
};

const SINGLE_SETTINGS = ["CATALOGUE_API_URL", "CATALOGUE_API_KEY", "CATALOGUE_ENVIRONMENT"] as const;
const PAIR_SETTINGS = [
  "CATALOGUE_PRODUCTION_URL",
  "CATALOGUE_PRODUCTION_KEY",
  "CATALOGUE_STAGING_URL",
  "CATALOGUE_STAGING_KEY",
] as const;

function sendsKeyInClear(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === "http:" && !isLoopbackHost(hostname);
}

/**
 * The catalogue services, production first: one from CATALOGUE_API_URL, or both from the pair settings. Adds to
 * `problems` what stops the app from starting, each naming its setting.
 */
export function readCatalogueSettings(settings: Settings, problems: string[]): CatalogueSettings[] {
  const single = SINGLE_SETTINGS.filter((name) => settings[name] !== undefined);
  const pair = PAIR_SETTINGS.filter((name) => settings[name] !== undefined);
  if (single.length > 0 && pair.length > 0) {
    problems.push(
      `${single.join(", ")} cannot be set together with ${pair.join(", ")}: use CATALOGUE_API_URL and CATALOGUE_API_KEY for one environment, or the CATALOGUE_PRODUCTION_* and CATALOGUE_STAGING_* settings for both`,
    );
    return [];
  }
  if (pair.length > 0) return readPair(settings, pair, problems);
  const { CATALOGUE_API_URL: url, CATALOGUE_API_KEY: apiKey } = settings;
  if (!url) {
    problems.push("CATALOGUE_API_URL is not set (run `npm start` to use the embedded catalogue service, or set it)");
    return [];
  }
  if (!apiKey) problems.push("CATALOGUE_API_KEY is required when CATALOGUE_API_URL is set");
  checkClearText("CATALOGUE_API_URL", url, settings, problems);
  const environment = settings.CATALOGUE_ENVIRONMENT === "staging" ? "staging" : "production";
  return [{ environment, url, apiKey: apiKey ?? "" }];
}

function readPair(settings: Settings, given: readonly string[], problems: string[]): CatalogueSettings[] {
  for (const name of PAIR_SETTINGS) {
    if (settings[name] === undefined)
      problems.push(
        `${name} is not set: with ${given.join(", ")} set, all four of ${PAIR_SETTINGS.join(", ")} are needed`,
      );
  }
  const production = { url: settings.CATALOGUE_PRODUCTION_URL, apiKey: settings.CATALOGUE_PRODUCTION_KEY };
  const staging = { url: settings.CATALOGUE_STAGING_URL, apiKey: settings.CATALOGUE_STAGING_KEY };
  if (production.url) checkClearText("CATALOGUE_PRODUCTION_URL", production.url, settings, problems);
  if (staging.url) checkClearText("CATALOGUE_STAGING_URL", staging.url, settings, problems);
  // One service behind both names would receive both keys.
  if (production.url && staging.url && sameService(production.url, staging.url))
    problems.push("CATALOGUE_STAGING_URL must not be the same service as CATALOGUE_PRODUCTION_URL");
  if (production.apiKey && production.apiKey === staging.apiKey)
    problems.push("CATALOGUE_STAGING_KEY must differ from CATALOGUE_PRODUCTION_KEY");
  if (!production.url || !production.apiKey || !staging.url || !staging.apiKey) return [];
  return [
    { environment: "production", url: production.url, apiKey: production.apiKey },
    { environment: "staging", url: staging.url, apiKey: staging.apiKey },
  ];
}

function sameService(a: string, b: string): boolean {
  return new URL(a).href.replace(/\/$/, "") === new URL(b).href.replace(/\/$/, "");
}

function checkClearText(name: string, url: string, settings: Settings, problems: string[]): void {
  if (sendsKeyInClear(url) && !settings.CATALOGUE_ALLOW_HTTP)
    problems.push(
      `${name} uses plain http to another host, which sends the API key in clear text: use https (or set CATALOGUE_ALLOW_HTTP=1)`,
    );
}
