import "server-only";
import { remember } from "@epic-web/remember";
import pg from "pg";
import { getConfig } from "@/lib/server/config/config";
import { AppError } from "@/lib/shared/app-error";
import { log } from "@/lib/server/log";
import { inChildSpan } from "@/lib/server/tracing/tracing";
import { errorMessage } from "@/lib/shared/error-message";

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
function statementName(text: string): string {
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

async function run<T>(text: string, work: () => Promise<T>): Promise<T> {
  try {
    return await inChildSpan(() => `db ${statementName(text)}`, { "db.system.name": "postgresql" }, work);
  } catch (error) {
    if (!unavailable(error)) throw error;
    log.warn("database_unavailable", { error: errorMessage(error) });
    throw storeUnavailable(error);
  }
}

export async function query<Row extends pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
): Promise<pg.QueryResult<Row>> {
  return run(text, () => database().query<Row>(text, values));
}

/** Where a store's statements run: the pool (each statement on its own), or one transaction. */
export type Db = {
  query: typeof query;
  /** `effect` once the statements are committed: at once on the pool. */
  afterCommit: (effect: () => void) => void;
};

export const autocommit: Db = { query, afterCommit: (effect) => effect() };

/**
 * `work` between BEGIN and COMMIT on one connection: all of its statements or none. Keep it short and never call the
 * catalogue service inside: the embedded database serves one session, so every other statement waits for it.
 */
export async function transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
  const client = await run("BEGIN", () => database().connect());
  const effects: (() => void)[] = [];
  const tx: Db = {
    query: (text, values = []) => run(text, () => client.query(text, values)),
    afterCommit: (effect) => effects.push(effect),
  };
  let result: T;
  try {
    await tx.query("BEGIN");
    result = await work(tx);
    await tx.query("COMMIT");
  } catch (error) {
    // A connection that cannot even roll back is closed rather than given to the next caller mid-transaction.
    await client.query("ROLLBACK").then(
      () => client.release(),
      (rollbackError: unknown) => client.release(rollbackError instanceof Error ? rollbackError : true),
    );
    throw error;
  }
  client.release();
  for (const effect of effects) effect();
  return result;
}

export async function databaseAnswers(): Promise<boolean> {
  return query("SELECT 1").then(
    () => true,
    () => false,
  );
}
