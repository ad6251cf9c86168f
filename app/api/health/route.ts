import packageJson from "@/package.json";
import { jsonResponse } from "@/lib/http/api-response";
import { apiRoute } from "@/lib/http/api-route";

/** Liveness: the process answers. Never calls the catalogue service. */
export const GET = apiRoute("public", async () =>
  jsonResponse(JSON.stringify({ status: "ok", version: packageJson.version }), 200),
);
