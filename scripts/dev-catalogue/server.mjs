// @ts-check
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";

const MAX_BODY_BYTES = 16 * 1024 * 1024;

/** @param {{ id: bigint, name: string, description?: string }} c */
function categoryJson(c) {
  const tail = c.description === undefined ? "" : `,"description":${JSON.stringify(c.description)}`;
  return `{"id":${c.id},"name":${JSON.stringify(c.name)}${tail}}`;
}

/** @param {string} value */
const digest = (value) => createHash("sha256").update(value).digest();

/**
 * The catalogue service as the interface describes it: GET and POST
 * /v1/categories, bearer auth, Error bodies. Nothing more.
 * @param {{ store: Awaited<ReturnType<typeof import("./store.mjs").openStore>>, apiKey: string }} options
 */
export function createCatalogueServer({ store, apiKey }) {
  const expected = digest(`Bearer ${apiKey}`);
  // Serialising a large list costs more than sending it, so each version of the list is serialised once.
  let listed = { version: -1, body: "" };

  return createServer(async (request, response) => {
    /** @param {number} status @param {string} body */
    const send = (status, body) => {
      response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
      response.end(body);
    };
    /** @param {number} status @param {string} code @param {string} message */
    const fail = (status, code, message) => send(status, JSON.stringify({ code, message, status }));

    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    if (path !== "/v1/categories") return fail(404, "not_found", "No such resource");
    if (!timingSafeEqual(digest(request.headers.authorization ?? ""), expected)) {
      return fail(401, "unauthorized", "API key missing or invalid");
    }
    if (request.method === "GET") {
      if (listed.version !== store.version())
        listed = { version: store.version(), body: `[${store.list().map(categoryJson).join(",")}]` };
      return send(200, listed.body);
    }
    if (request.method !== "POST") {
      response.setHeader("allow", "GET, POST");
      return fail(405, "method_not_allowed", "Use GET or POST");
    }

    const chunks = [];
    let size = 0;
    try {
      for await (const chunk of request) {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) return fail(413, "payload_too_large", "Request body too large");
        chunks.push(chunk);
      }
    } catch {
      // The client went away mid-body: nothing was created and there is no one to send a response to.
      return;
    }
    const text = Buffer.concat(chunks).toString("utf8");
    if (text.trim() === "") return fail(400, "invalid_request", "Request body is missing");
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      return fail(400, "invalid_request", "Request body is not valid JSON");
    }
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      return fail(400, "invalid_request", "Request body must be a JSON object");
    }
    if (typeof body.name !== "string") return fail(400, "invalid_request", "name is required and must be a string");
    if (body.description !== undefined && typeof body.description !== "string") {
      return fail(400, "invalid_request", "description must be a string");
    }
    if (body.id !== undefined) return fail(400, "invalid_request", "id is assigned by the service");
    try {
      send(201, categoryJson(await store.create({ name: body.name, description: body.description })));
    } catch (error) {
      console.error(`catalogue: could not save: ${error instanceof Error ? error.message : error}`);
      fail(500, "storage_error", "The category could not be saved");
    }
  });
}
