import { once } from "node:events";
import { type Server, type Socket, connect, createServer } from "node:net";

export type TcpProxy = {
  /** The target's URL with the proxy's host and port in its place. */
  url: string;
  /** The database goes away: open connections are dropped and new ones refused, until restore(). */
  cut(): Promise<void>;
  restore(): Promise<void>;
  stop(): Promise<void>;
  /** Connections from clients open now. */
  openConnections(): number;
  /** The most connections from clients open at once since the proxy started or since resetPeak(). */
  peakConnections(): number;
  resetPeak(): void;
};

/**
 * Carries what a client sends to its upstream; the default pipes it as it is. Given each connection's number, from 1,
 * in the order they were opened.
 */
export type ClientForward = (client: Socket, upstream: Socket, connection: number) => void;

/** A loopback TCP proxy to the server at `targetUrl` (postgres://…), which a test can cut off and bring back. */
export async function startTcpProxy(
  targetUrl: string,
  forward: ClientForward = (client, upstream) => client.pipe(upstream),
): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  const clients = new Set<Socket>();
  let peak = 0;
  let opened = 0;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  };
  const listen = async (port: number): Promise<Server> => {
    const server = createServer((client) => {
      const upstream = connect(Number(target.port), target.hostname);
      track(client);
      track(upstream);
      clients.add(client);
      peak = Math.max(peak, clients.size);
      client.on("close", () => clients.delete(client));
      forward(client, upstream, ++opened);
      upstream.pipe(client);
      client.on("error", () => upstream.destroy());
      upstream.on("error", () => client.destroy());
    });
    server.listen(port, "127.0.0.1");
    await once(server, "listening");
    return server;
  };
  let server: Server | undefined = await listen(0);
  const port = (server.address() as { port: number }).port;
  const url = new URL(targetUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  const cut = async () => {
    const closing = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise((resolve) => closing.close(resolve));
  };
  return {
    url: url.toString(),
    cut,
    restore: async () => {
      server ??= await listen(port);
    },
    stop: cut,
    openConnections: () => clients.size,
    peakConnections: () => peak,
    resetPeak: () => {
      peak = clients.size;
    },
  };
}
