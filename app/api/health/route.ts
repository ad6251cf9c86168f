import packageJson from "@/package.json";
import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute } from "@/lib/server/http/api-route";

export const GET = apiRoute("public", async () =>
  jsonResponse(JSON.stringify({ status: "ok", version: packageJson.version }), 200),
);
