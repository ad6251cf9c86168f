import "server-only";
const VALID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(headers: Pick<Headers, "get">): string {
  const given = headers.get("x-request-id");
  return given && VALID.test(given) ? given : crypto.randomUUID();
}
