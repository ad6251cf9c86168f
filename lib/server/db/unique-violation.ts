import "server-only";

/** PostgreSQL refused a row its unique index already holds (SQLSTATE 23505): the store's own "already there". */
export const isUniqueViolation = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === "23505";
