/**
 * The digest of a page error saying the database is down. In production Next hides a server error's message
 * from the browser but keeps a digest the error already has, so error.tsx can tell this error from the others.
 */
export const STORE_UNAVAILABLE_DIGEST = "store_unavailable";

export function isStoreUnavailable(error: unknown): boolean {
  return typeof error === "object" && error !== null && "digest" in error && error.digest === STORE_UNAVAILABLE_DIGEST;
}
