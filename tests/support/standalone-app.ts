import { SESSION_SECRET } from "./auth-fixture";
import { type StandaloneServer, startStandaloneServer } from "../../scripts/lib/standalone-server.mjs";
import { databaseAt } from "./test-database";

export { signIn as signInOverHttp } from "../../scripts/lib/standalone-app.mjs";
export const APP_API_KEY = "integration-test-key-7c2e9b41";

export type AppOptions = {
  catalogueUrl: string;
  /** Default: a free one. */
  port?: number;
  /** More settings, e.g. CATALOGUE_TIMEOUT_MS. */
  env?: Record<string, string>;
};

export type AuditRow = {
  action: string;
  actor: string | null;
  requestId: string | null;
  details: Record<string, unknown>;
};

export type StandaloneApp = StandaloneServer & {
  /** The JSON log lines written so far. */
  logLines(): Record<string, unknown>[];
  /** The audit trail's entries in its database, oldest first, as GET /api/audit shows them. */
  auditEntries(): Promise<AuditRow[]>;
};

/** The server `npm run build` produces, on a free loopback port: integration tests run what is shipped. */
export async function startStandaloneApp({ catalogueUrl, port, env = {} }: AppOptions): Promise<StandaloneApp> {
  const server = await startStandaloneServer({
    port,
    onlyEnv: true,
    env: {
      CATALOGUE_API_URL: catalogueUrl,
      CATALOGUE_API_KEY: APP_API_KEY,
      CATALOGUE_ENVIRONMENT: "local",
      SESSION_SECRET,
      // The test file's own embedded database (tests/support/database-per-file.ts).
      DATABASE_URL: process.env.DATABASE_URL ?? "",
      // Its pool size there: one connection on the embedded database, as `npm start` gives it.
      ...(process.env.DATABASE_POOL_MAX && { DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX }),
      ...env,
    },
  });
  return {
    ...server,
    logLines: () => parseJsonLines(server.output()),
    auditEntries: () => auditEntriesIn(env.DATABASE_URL ?? process.env.DATABASE_URL ?? ""),
  };
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
    const { rows } = await db.query(
      'SELECT action, actor, request_id AS "requestId", details FROM audit_events ORDER BY time, id',
    );
    return rows;
  } finally {
    await db.end();
  }
}
