import "server-only";
import { remember } from "@epic-web/remember";
import pg from "pg";
import { getConfig } from "@/lib/server/config/config";
import { AppError } from "@/lib/shared/app-error";
import { log } from "@/lib/server/log";
import { inChildSpan } from "@/lib/server/tracing/tracing";

// One pool per process, so the process never holds more than DATABASE_POOL_MAX connections: the build gives
// instrumentation, route handlers and pages each their own copy of this module.
const database = (): pg.Pool =>
  remember("database-pool", () => {
    const { url, poolMax, connectTimeoutMs, statementTimeoutMs } = getConfig().database;
    const pool = new pg.Pool({
      connectionString: url,
      max: poolMax,
      connectionTimeoutMillis: connectTimeoutMs,
      // The server cancels a slow statement; the client also stops waiting, for a server that ignores the setting.
      statement_timeout: statementTimeoutMs,
      query_timeout: statementTimeoutMs + 1_000,
      application_name: "categories-admin",
    });
    pool.on("error", (error) => log.warn("database_connection_lost", { error: error.message }));
    return pool;
  });

/** A statement's name for its trace span, like "SELECT sessions": its first word and first table, never its values. */
export function statementName(text: string): string {
  const verb = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? "SQL";
  const table = /\b(?:FROM|INTO|UPDATE|JOIN)\s+([a-z_][a-z0-9_.]*)/i.exec(text)?.[1];
  return table ? `${verb} ${table}` : verb;
}

/** The pool's connections now, for the metrics. */
export function poolStats(): { total: number; idle: number; waiting: number } {
  const pool = database();
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

// SQLSTATE classes: connection exception, insufficient resources, operator intervention (shutdown, statement timeout).
const UNAVAILABLE_CLASSES = new Set(["08", "53", "57"]);

function unavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (error instanceof pg.DatabaseError) return typeof code === "string" && UNAVAILABLE_CLASSES.has(code.slice(0, 2));
  return true; // no response from the server at all: refused, reset, timed out
}

// PostgreSQL text and jsonb cannot hold U+0000 (no username may contain U+2400) or a lone surrogate (jsonb).
export const storableText = (text: string): string => text.toWellFormed().replaceAll("\u0000", "\u2400");

export function storeUnavailable(cause: unknown): AppError {
  return new AppError(
    503,
    "store_unavailable",
    "The app's database is not answering. Try again in a moment.",
    undefined,
    {
      cause,
      headers: { "retry-after": "5" },
    },
  );
}

export async function query<Row extends pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
): Promise<pg.QueryResult<Row>> {
  try {
    return await inChildSpan(
      () => `db ${statementName(text)}`,
      { "db.system.name": "postgresql" },
      () => database().query<Row>(text, values),
    );
  } catch (error) {
    if (!unavailable(error)) throw error;
    log.warn("database_unavailable", { error: error instanceof Error ? error.message : String(error) });
    throw storeUnavailable(error);
  }
}

export async function databaseAnswers(): Promise<boolean> {
  return query("SELECT 1").then(
    () => true,
    () => false,
  );
}
