import { once } from "node:events";
import { type IncomingHttpHeaders, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Socket } from "node:net";

export type RecordedRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** When its body had arrived (Date.now()). */
  at: number;
};

/** What the fake does with one request: respond, respond late (or once `until` settles), hang, or drop it. */
export type FakeReply =
  | {
      status: number;
      body?: string;
      delayMs?: number;
      until?: Promise<unknown>;
      contentType?: string;
      headers?: Record<string, string>;
    }
  | { hang: true }
  | { reset: "before-headers" | "mid-body" };

export type FakeHandler = (request: RecordedRequest) => FakeReply;

export type FakeCatalogue = {
  /** Base URL ending in /v1, as CATALOGUE_API_URL expects. */
  url: string;
  requests: RecordedRequest[];
  reply(handler: FakeHandler): void;
  close(): Promise<void>;
};

export const json = (status: number, value: unknown): FakeReply => ({ status, body: JSON.stringify(value) });

/** A real HTTP server on loopback that behaves as each test tells it to. */
export async function startFakeCatalogue(handler: FakeHandler = () => json(200, [])): Promise<FakeCatalogue> {
  let current = handler;
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const recorded = {
      method: request.method ?? "",
      path: request.url ?? "",
      headers: request.headers,
      body: Buffer.concat(chunks).toString("utf8"),
      at: Date.now(),
    };
    requests.push(recorded);
    const reply = current(recorded);
    if ("hang" in reply) return;
    if ("reset" in reply) {
      if (reply.reset === "mid-body") {
        response.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
        response.write('[{"id":1,"na');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      request.socket.destroy();
      return;
    }
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    await reply.until;
    const body = Buffer.from(reply.body ?? "");
    response.writeHead(reply.status, {
      "content-type": reply.contentType ?? "application/json",
      "content-length": String(body.byteLength),
      ...reply.headers,
    });
    response.end(body);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    reply: (next) => {
      current = next;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A loopback URL where nothing listens: the "service down" case. */
export async function deadCatalogueUrl(): Promise<string> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/v1`;
}

/** A catalogue that keeps what it is asked to create in `stored`, lists it, and answers each create after `delayMs`. */
export function keepingCreates(stored: { id: number; name: string }[], delayMs = 0): FakeHandler {
  return (request) => {
    if (request.method === "GET") return json(200, stored);
    const category = { id: 1000 + stored.length, name: (JSON.parse(request.body) as { name: string }).name };
    stored.push(category);
    return { ...json(201, category), delayMs };
  };
}

/**
 * A catalogue service holding `names` (ids 1, 2, …) that answers only its own `key`, lists what it holds and keeps what
 * it is asked to create (ids from 100 up): a real enough environment for tests of which one the app reaches.
 */
export function keepingService(key: string, names: readonly string[]): FakeHandler {
  const held: { id: number; name: string }[] = names.map((name, i) => ({ id: i + 1, name }));
  return (request) => {
    if (request.headers.authorization !== `Bearer ${key}`) return json(401, { code: "unauthorized", message: "no" });
    if (request.method !== "POST") return json(200, held);
    const created = { ...(JSON.parse(request.body) as { name: string }), id: 100 + held.length };
    held.push(created);
    return json(201, created);
  };
}
