import "server-only";
import http from "node:http";
import https from "node:https";
import { remember } from "@epic-web/remember";

export type HttpReply = { status: number; body: Buffer<ArrayBuffer> };
export type HttpCallOptions = {
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  connectTimeoutMs: number;
  signal: AbortSignal;
};

export class ConnectTimeoutError extends Error {
  override readonly name = "ConnectTimeoutError";
}

// Idle sockets close on this side first: reusing one the service is closing ends in a reset, and a POST's outcome is
// unknown. With `timeout` set, Node also honours the service's `Keep-Alive: timeout=N` hint (closing a second early).
const IDLE_SOCKET_MS = 4_000;
const agents = remember("catalogue-http-agents", () => ({
  "http:": new http.Agent({ keepAlive: true, maxSockets: 128, timeout: IDLE_SOCKET_MS }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 128, timeout: IDLE_SOCKET_MS }),
}));

export function httpCall(
  url: URL,
  { method, headers, body, connectTimeoutMs, signal }: HttpCallOptions,
): Promise<HttpReply> {
  return new Promise((resolve, reject) => {
    const transport = url.protocol === "https:" ? https : http;
    const request = transport.request(url, {
      method,
      headers: body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) },
      agent: agents[url.protocol === "https:" ? "https:" : "http:"],
      signal,
    });
    let connectTimer: NodeJS.Timeout | undefined;
    request.on("socket", (socket) => {
      if (!socket.connecting) return;
      connectTimer = setTimeout(
        () => request.destroy(new ConnectTimeoutError(`no connection within ${connectTimeoutMs} ms`)),
        connectTimeoutMs,
      );
      socket.once("connect", () => clearTimeout(connectTimer));
    });
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        if (response.complete) resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) });
        else reject(new Error("the connection closed before the whole response arrived"));
      });
      response.on("error", reject);
    });
    request.on("error", (error) => {
      clearTimeout(connectTimer);
      reject(error);
    });
    request.on("close", () => clearTimeout(connectTimer));
    request.end(body);
  });
}
