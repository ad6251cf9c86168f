/**
 * Values shared by the Playwright config, the global setup and the specs.
 * The config is evaluated again in every worker, so everything here is a
 * constant or derived from environment variables the workers inherit.
 */

/**
 * The API key every app instance under test holds. The leak check looks for it in every response, page, script and
 * log.
 */
export const KNOWN_API_KEY = "e2e-known-api-key-3f9a1c7be2d04a6f9c51";

/** An int64 id that JSON.parse would round to 9007199254740992. */
export const BIG_ID = "9007199254740993";

/** The real catalogue service's data at the start of the run: ids are strings in the file so nothing rounds them. */
export const SEEDED_CATEGORIES = [
  { id: "1", name: "dog", description: "Domestic dogs" },
  { id: "2", name: "cat", description: "Domestic cats" },
  { id: "3", name: "rabbit", description: "Domestic rabbits" },
  // 12 sorts after 3 by number but before it as text, so the ID sort is shown to be numeric.
  { id: "12", name: "ferret", description: "Domestic ferrets" },
  { id: BIG_ID, name: "big id probe", description: "Domestic int64 id probe" },
] as const;

/** Matches the descriptions of every seeded category and nothing the tests create. */
export const SEEDED_SEARCH = "domestic";

/** Names the fake catalogue treats specially (see global-setup.ts). */
export const REJECTED_NAME = "rejected by service";
export const REJECTED_MESSAGE = "The catalogue service rejects this name";
export const SLOW_NAME = "slow create";
export const FAULTY_TIMEOUT_MS = 1500;

const INSTANCES = {
  /** Real embedded catalogue service, CATALOGUE_ENVIRONMENT=staging. */
  main: 0,
  /** Fake catalogue scripted by the category name. */
  faulty: 1,
  /** Catalogue URL where nothing listens. */
  down: 2,
} as const;

export type InstanceName = keyof typeof INSTANCES;

export const INSTANCE_NAMES = Object.keys(INSTANCES) as InstanceName[];

/** When an app instance counts as started: any HTTP response, as the "down" instance responds to a list with 502. */
export const UNTIL_IT_RESPONDS = { path: "/api/categories", anyStatus: true };

const basePort = Number(process.env.E2E_BASE_PORT ?? 3100);

export function instancePort(name: InstanceName): number {
  return basePort + INSTANCES[name];
}

export function instanceUrl(name: InstanceName): string {
  return `http://127.0.0.1:${instancePort(name)}`;
}

/** Which of the global setup's instances serves `url`, if any (specs start instances of their own too). */
export function instanceAt(url: string | undefined): InstanceName | undefined {
  return INSTANCE_NAMES.find((name) => instanceUrl(name) === url);
}

/** Set by the global setup; the workers inherit them. */
export const ENV = {
  logDir: "E2E_LOG_DIR",
  upstreamUrls: "E2E_UPSTREAM_URLS",
  /** Where the sign-in setup keeps each role's browser state (cookies); removed with the rest of the run's files. */
  sessionDir: "E2E_SESSION_DIR",
  /** The database of the main instance and of the replicas some tests start beside it (DATABASE_URL). */
  databaseUrl: "E2E_APP_DATABASE_URL",
  /** The faulty instance's own database. */
  otherDatabaseUrl: "E2E_OTHER_DATABASE_URL",
  /** The down instance's own database. */
  downDatabaseUrl: "E2E_DOWN_DATABASE_URL",
  /** What newRunDatabase copies: a database's name on TEST_POSTGRES_URL's server, or the embedded one's file. */
  databaseTemplate: "E2E_DATABASE_TEMPLATE",
} as const;

export type Role = "viewer" | "admin";
export type Account = { username: string; password: string };

/**
 * The people every instance knows (in the shared database). The leak check looks for their passwords in every
 * response and log.
 */
export const ACCOUNTS: Record<Role, Account> = {
  admin: { username: "e2e-admin", password: "e2e-admin-password-8d41c07e95b2" },
  viewer: { username: "e2e-viewer", password: "e2e-viewer-password-1f6a93d2c458" },
};

/** A viewer only the History paging test signs in as: its refused creates are events no other test makes. */
export const PAGER_ACCOUNT: Account = { username: "e2e-pager", password: "e2e-pager-password-7a1c5e3b90d2" };

/** What the wrong-password tests type; it must never reach a log. */
export const WRONG_PASSWORD = "e2e-wrong-password-5b7e20a9c3f1";

/** SESSION_SECRET of every instance; it must never appear in a response or log. */
export const SESSION_SECRET = "e2e-session-secret-0c9d4e71a25f8b36e4d1";

export const SESSION_COOKIE = "categories_session";

/** Reads a variable the global setup sets, failing clearly when a spec runs without it. */
export function setupValue(name: (typeof ENV)[keyof typeof ENV]): string {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is set by the global setup (e2e/global-setup.ts); run the specs with playwright test`);
  return value;
}
