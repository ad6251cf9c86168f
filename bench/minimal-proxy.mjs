// @ts-check
// The bench's reference: the least a Node proxy can do for the two operations. No session, no validation, no logging:
// fetch with the key, pass the status and the bytes through. Env: PORT, CATALOGUE_API_URL (…/v1), CATALOGUE_API_KEY.
import { createServer } from "node:http";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { pipeline } from "node:stream/promises";

const [upstream, authorization] = [
  `${process.env.CATALOGUE_API_URL}/categories`,
  `Bearer ${process.env.CATALOGUE_API_KEY}`,
];

createServer(async (request, response) => {
  if (request.url !== "/api/categories" || (request.method !== "GET" && request.method !== "POST"))
    return void response.writeHead(404).end();
  try {
    const body = request.method === "POST" ? await buffer(request) : undefined;
    const reply = await fetch(upstream, {
      method: request.method,
      headers: { authorization, "content-type": "application/json" },
      body,
    });
    const length = reply.headers.get("content-length");
    response.writeHead(reply.status, {
      "content-type": "application/json",
      ...(length && { "content-length": length }),
    });
    // pipeline, not pipe: a load generator that hangs up mid-body must not leave an unhandled stream error (it once
    // ended this process halfway through a run).
    if (reply.body)
      await pipeline(Readable.fromWeb(/** @type {import("node:stream/web").ReadableStream} */ (reply.body)), response);
    else response.end();
  } catch {
    if (!response.headersSent) response.writeHead(502);
    response.end();
  }
}).listen(Number(process.env.PORT), "127.0.0.1");
