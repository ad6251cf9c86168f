const FALLBACK = "/categories";

/**
 * Where to go after sign-in: a path on this app only. Anything that could leave
 * it (`https://evil.example`, `//evil.example`, `/\evil.example`) goes to the list.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return FALLBACK;
  try {
    const base = "http://app.invalid";
    const url = new URL(next, base);
    if (url.origin !== base || url.pathname.startsWith("/login")) return FALLBACK;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return FALLBACK;
  }
}
