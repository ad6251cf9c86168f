import { fileURLToPath } from "node:url";
import { SESSION_SECRET } from "./auth-fixture";
import { freePort } from "../../scripts/lib/ports.mjs";
import { type Child, sleep, spawnNode } from "./child-process";
import { databaseAt } from "./test-database";

/** The server `npm run build` produces: integration tests run what is shipped (npm test builds it first). */
const SERVER = fileURLToPath(new URL("../../.next/standalone/scripts/serve.mjs", import.meta.url));
export const APP_API_KEY = "integration-test-key-7c2e9b41";

export type AppOptions = {
  catalogueUrl: string;
  /** More settings, e.g. CATALOGUE_TIMEOUT_MS. */
  env?: Record<string, string>;
};

export type AuditRow = { action: string; actor: string | null; requestId: string | null; details: Record<string, unknown> };

export type StandaloneApp = Child & {
  url: string;
  port: number;
  /** The JSON log lines written so far. */
  logLines(): Record<string, unknown>[];
  /** The audit trail's entries in its database, oldest first, as GET /api/audit shows them. */
  auditEntries(): Promise<AuditRow[]>;
};

/** Starts `node .next/standalone/scripts/serve.mjs` on a free loopback port and waits until /api/health answers. */
export async function startStandaloneApp({ catalogueUrl, env = {} }: AppOptions): Promise<StandaloneApp> {
  const port = await freePort();
  const child = spawnNode(SERVER, {
    HOSTNAME: "127.0.0.1",
    PORT: String(port),
    CATALOGUE_API_URL: catalogueUrl,
    CATALOGUE_API_KEY: APP_API_KEY,
    CATALOGUE_ENVIRONMENT: "local",
    SESSION_SECRET,
    // The test file's own embedded database (tests/support/database-per-file.ts).
    DATABASE_URL: process.env.DATABASE_URL ?? "",
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  const app: StandaloneApp = {
    ...child,
    url,
    port,
    logLines: () => parseJsonLines(child.output()),
    auditEntries: () => auditEntriesIn(env.DATABASE_URL ?? process.env.DATABASE_URL ?? ""),
  };
  try {
    await waitUntilHealthy(app);
  } catch (error) {
    await child.stop(2_000);
    throw error;
  }
  return app;
}

async function waitUntilHealthy(app: StandaloneApp, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (app.process.exitCode !== null) break;
    const status = await fetch(`${app.url}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await sleep(50);
  }
  throw new Error(`the app on port ${app.port} did not become healthy:\n${app.output()}`);
}

/** Signs in through POST /api/auth/login and returns the Cookie header value for later requests. */
export async function signInOverHttp(appUrl: string, user: { username: string; password: string }): Promise<string> {
  const response = await fetch(`${appUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: user.username, password: user.password }),
  });
  if (response.status !== 204) throw new Error(`sign-in failed with ${response.status}: ${await response.text()}`);
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  if (!cookie.startsWith("categories_session=")) throw new Error(`no session cookie in ${response.headers.get("set-cookie")}`);
  return cookie;
}

function parseJsonLines(text: string): Record<string, unknown>[] {
  return text.split("\n").flatMap((line) => {
    if (!line.startsWith("{")) return [];
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

async function auditEntriesIn(databaseUrl: string): Promise<AuditRow[]> {
  const db = databaseAt(databaseUrl);
  try {
    const { rows } = await db.query("SELECT action, actor, request_id AS \"requestId\", details FROM audit_events ORDER BY time, id");
    return rows;
  } finally {
    await db.end();
  }
}
