const FALLBACK = "/categories";
const BASE = "http://app.invalid";

/**
 * Where to go after sign-in: a path on this app only, judged after the URL parser has normalised it (dot segments,
 * backslashes, tabs and newlines), since the normalised path is what the browser is sent. `/.//evil.example` becomes
 * `//evil.example`, which a browser reads as another host; so does anything that starts with two slashes.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith("/")) return FALLBACK;
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return FALLBACK;
  }
  const target = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== BASE || !/^\/(?![/\\])/.test(target) || url.pathname.startsWith("/login")) return FALLBACK;
  return target;
}
