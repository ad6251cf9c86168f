import "server-only";
const FALLBACK = "/categories";
const BASE = "http://app.invalid";

// Judged after normalisation, as the browser gets it: `/.//evil.example` becomes `//evil.example`, another host.
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
