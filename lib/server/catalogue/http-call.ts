import "server-only";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";

// The body stays in the chunks it arrived in: an unchanged list of many megabytes is compared, never copied.
export type HttpReply = { status: number; chunks: readonly Buffer[]; byteLength: number };
export type HttpCallOptions = {
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  connectTimeoutMs: number;
  signal: AbortSignal;
  /** Sees the response as it starts, before the body is gathered (a repeated list is passed on while it arrives). */
  onResponse?: (response: IncomingMessage) => void;
};

export class ConnectTimeoutError extends Error {
  override readonly name = "ConnectTimeoutError";
}

// Idle sockets close on this side first: reusing one the service is closing ends in a reset, and a POST's outcome is
// unknown. With `timeout` set, Node also honours the service's `Keep-Alive: timeout=N` hint (closing a second early).
const IDLE_SOCKET_MS = 4_000;
const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 128, timeout: IDLE_SOCKET_MS }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 128, timeout: IDLE_SOCKET_MS }),
};

export function httpCall(
  url: URL,
  { method, headers, body, connectTimeoutMs, signal, onResponse }: HttpCallOptions,
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
      onResponse?.(response);
      const chunks: Buffer[] = [];
      let byteLength = 0;
      response.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        byteLength += chunk.byteLength;
      });
      response.on("end", () => {
        if (response.complete) resolve({ status: response.statusCode ?? 0, chunks, byteLength });
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

export const replyText = ({ chunks, byteLength }: HttpReply): string =>
  Buffer.concat(chunks, byteLength).toString("utf8");
