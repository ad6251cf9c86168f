import "server-only";
export function contentSecurityPolicy(nonce: string, { https, dev }: { https: boolean; dev: boolean }): string {
  return [
    "default-src 'self'",
    // 'unsafe-eval' only under `next dev`, whose React tooling needs it.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}
