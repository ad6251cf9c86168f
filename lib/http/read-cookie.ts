/** The value of the cookie named `name` in the request's Cookie header, or undefined. */
export function readCookie(headers: Pick<Headers, "get">, name: string): string | undefined {
  for (const part of (headers.get("cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=") || undefined;
  }
  return undefined;
}
