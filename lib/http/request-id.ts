const VALID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A caller's X-Request-Id when it is safe to log and echo, otherwise a new one. */
export function requestIdOf(headers: Pick<Headers, "get">): string {
  const given = headers.get("x-request-id");
  return given && VALID.test(given) ? given : crypto.randomUUID();
}
