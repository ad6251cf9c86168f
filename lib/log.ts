import "server-only";

type Fields = Record<string, string | number | boolean | undefined>;

/**
 * One JSON line per event on stdout/stderr. Callers pass named fields only, so
 * headers, keys and bodies can reach a log line only by being named here.
 */
function write(level: "info" | "warn" | "error", event: string, fields: Fields, type?: string) {
  const line = JSON.stringify({ time: new Date().toISOString(), level, ...(type && { type }), event, ...fields });
  if (level === "info") console.log(line);
  else console.error(line);
}

export const log = {
  info: (event: string, fields: Fields = {}) => write("info", event, fields),
  warn: (event: string, fields: Fields = {}) => write("warn", event, fields),
  error: (event: string, fields: Fields = {}) => write("error", event, fields),
  /** Sign-ins, sign-outs and refusals, as their own event type so they can be watched apart. */
  security: (event: string, fields: Fields = {}) => write("warn", event, fields, "security"),
};
