/** @type {import("next").NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // The catalogue service is reached only from route handlers and server
  // components; nothing here may inline a secret into the client bundle.
};

export default nextConfig;
