import "server-only";
import http from "node:http";
import https from "node:https";

export type HttpReply = { status: number; body: Buffer };
export type HttpCallOptions = {
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  connectTimeoutMs: number;
  /** The total deadline: aborts connecting, sending and reading alike. */
  signal: AbortSignal;
};

/** A connection that could not be set up in time: the request was never sent. */
export class ConnectTimeoutError extends Error {
  override readonly name = "ConnectTimeoutError";
}

// Kept-alive connections: most calls then skip the TCP (and TLS) set-up entirely. An idle connection is closed by
// this side first, before the service closes it: reusing one the service is closing at that very moment ends in a
// reset, and a POST sent on it has an unknown outcome. With `timeout` set, Node also honours the service's
// `Keep-Alive: timeout=N` hint and lets idle sockets go a second before N; a service that sends no hint gets 4 s.
const IDLE_SOCKET_MS = 4_000;
const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 128, timeout: IDLE_SOCKET_MS }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 128, timeout: IDLE_SOCKET_MS }),
};

/** One HTTP exchange with separate connect and total time limits; resolves with the whole body. */
export function httpCall(url: URL, { method, headers, body, connectTimeoutMs, signal }: HttpCallOptions): Promise<HttpReply> {
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
      connectTimer = setTimeout(() => request.destroy(new ConnectTimeoutError(`no connection within ${connectTimeoutMs} ms`)), connectTimeoutMs);
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
