import "server-only";
import pg from "pg";
import { getConfig } from "@/lib/config/config";
import { AppError } from "@/lib/errors/app-error";
import { log } from "@/lib/log";

let pool: pg.Pool | undefined;

function database(): pg.Pool {
  if (pool) return pool;
  const { url, poolMax, connectTimeoutMs, statementTimeoutMs } = getConfig().database;
  pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    connectionTimeoutMillis: connectTimeoutMs,
    // The server cuts a slow statement; the client also stops waiting, for a server that ignores the setting.
    statement_timeout: statementTimeoutMs,
    query_timeout: statementTimeoutMs + 1_000,
    application_name: "categories-admin",
  });
  // An idle connection that breaks (the server restarted) is dropped by the pool; the next query opens another.
  pool.on("error", (error) => log.warn("database_connection_lost", { error: error.message }));
  return pool;
}

// SQLSTATE classes that mean the database cannot serve us now: connection exceptions, insufficient resources,
// operator intervention (shutdown, statement timeout).
const UNAVAILABLE_CLASSES = new Set(["08", "53", "57"]);

/** Errors of a database that is down, unreachable or too slow become 503 `store_unavailable`; others stay bugs. */
function unavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (error instanceof pg.DatabaseError) return typeof code === "string" && UNAVAILABLE_CLASSES.has(code.slice(0, 2));
  return true; // no answer from the server at all: refused, reset, timed out
}

/**
 * Text as PostgreSQL can keep it. Its text and jsonb cannot hold U+0000, which a category name or a typed username
 * may contain: it becomes the symbol for it (U+2400), which no username may contain. jsonb refuses half a surrogate
 * pair too (JSON allows a lone "\ud83d"): it becomes U+FFFD.
 */
export const storableText = (text: string): string => text.toWellFormed().replaceAll("\u0000", "\u2400");

/** 503 `store_unavailable`: what a request gets when the database cannot do what it needs. */
export function storeUnavailable(cause: unknown): AppError {
  return new AppError(503, "store_unavailable", "The app's database is not answering. Try again in a moment.", undefined, {
    cause,
    headers: { "retry-after": "5" },
  });
}

/** Runs one statement. */
export async function query<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<pg.QueryResult<Row>> {
  try {
    return await database().query<Row>(text, values);
  } catch (error) {
    if (!unavailable(error)) throw error;
    log.warn("database_unavailable", { error: error instanceof Error ? error.message : String(error) });
    throw storeUnavailable(error);
  }
}

/** Whether the database answers a trivial statement now; for readiness. */
export async function databaseAnswers(): Promise<boolean> {
  return query("SELECT 1").then(
    () => true,
    () => false,
  );
}
