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
  // Loaded from node_modules at run time, not bundled: the migration runner reads its SQL files from disk,
  // openid-client checks its Configuration by class, so instrumentation and the route handlers must share one copy,
  // prom-client's registry must be the one the server entry serves on METRICS_PORT, and the OpenTelemetry SDK is loaded
  // as published, beside the API that Next's own spans use.
  serverExternalPackages: [
    "node-pg-migrate",
    "openid-client",
    "prom-client",
    "@opentelemetry/api",
    "@opentelemetry/sdk-trace-node",
    "@opentelemetry/resources",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/exporter-trace-otlp-proto",
  ],
  reactStrictMode: true,
  // Next compresses each response for clients that ask. A route handler cannot send a body it compressed once and
  // kept: Next drops the handler's Content-Encoding and compresses the body again. A proxy in front that compresses
  // would take this over with compress: false.
  compress: true,
  // `npm run build` and `npm test` check types once with tsc, tests and scripts included; Next would do it again.
  typescript: { ignoreBuildErrors: true },
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      // API responses are JSON, never rendered: a policy that allows nothing (pages get theirs from proxy.ts).
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }] },
    ];
  },
};

export default nextConfig;
