/** Headers that never vary; the CSP (with its per-request nonce) and HSTS come from proxy.ts. */
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "same-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
];

const API_CONTENT_SECURITY_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** @type {import("next").NextConfig} */
const nextConfig = {
  output: "standalone",
  poweredByHeader: false,
  // Loaded from node_modules at run time, not bundled: the migration runner reads its SQL files from disk, and
  // openid-client checks its Configuration by class, so instrumentation and the route handlers must share one copy.
  serverExternalPackages: ["node-pg-migrate", "openid-client"],
  reactStrictMode: true,
  // `npm run build` and `npm test` check types with tsc once, over the tests and scripts too; Next would check them again.
  typescript: { ignoreBuildErrors: true },
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      // API answers are JSON, never rendered: a policy that allows nothing (pages get theirs, with a nonce, from proxy.ts).
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }] },
    ];
  },
};

export default nextConfig;
