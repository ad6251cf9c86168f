// @ts-check
// The bench's reference: the least a Node proxy can do for the two operations. No session, no validation, no logging:
// fetch with the key, pass the status and the bytes through. Env: PORT, CATALOGUE_API_URL (…/v1), CATALOGUE_API_KEY.
import { createServer } from "node:http";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { pipeline } from "node:stream/promises";

const upstream = `${process.env.CATALOGUE_API_URL}/categories`;
const authorization = `Bearer ${process.env.CATALOGUE_API_KEY}`;

createServer(async (request, response) => {
  const { url, method } = request;
  if (url !== "/api/categories" || (method !== "GET" && method !== "POST")) return void response.writeHead(404).end();
  try {
    const body = method === "POST" ? await buffer(request) : undefined;
    const headers = { authorization, "content-type": "application/json" };
    const reply = await fetch(upstream, { method, headers, body });
    const length = reply.headers.get("content-length");
    response.writeHead(reply.status, {
      "content-type": "application/json",
      ...(length && { "content-length": length }),
    });
    // pipeline, not pipe: a load generator that hangs up mid-body must not leave an unhandled stream error.
    if (!reply.body) return void response.end();
    await pipeline(Readable.fromWeb(/** @type {import("node:stream/web").ReadableStream} */ (reply.body)), response);
  } catch {
    if (!response.headersSent) response.writeHead(502);
    response.end();
  }
}).listen(Number(process.env.PORT), "127.0.0.1");
