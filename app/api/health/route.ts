import packageJson from "@/package.json";
import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute } from "@/lib/server/http/api-route";

// A script may send its token to every address: the check of whether the app is up takes it too.
export const GET = apiRoute(
  "public",
  async () => jsonResponse(JSON.stringify({ status: "ok", version: packageJson.version }), 200),
  { tokens: "accepted" },
);
