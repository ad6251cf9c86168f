import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { httpCall } from "@/lib/server/catalogue/http-call";

let server: Server | undefined;

afterEach(async () => {
  await new Promise((done) => server?.close(done));
  server = undefined;
});

/** A service that keeps connections alive for `keepAliveMs` (and says so in its Keep-Alive header), logging closes. */
async function serviceKeepingAliveFor(keepAliveMs: number) {
  const closedByClient: number[] = [];
  server = createServer((_, response) => response.end("[]"));
  server.keepAliveTimeout = keepAliveMs;
  server.on("connection", (socket) => socket.on("end", () => closedByClient.push(Date.now())));
  await new Promise<void>((listening) => server?.listen(0, "127.0.0.1", listening));
  const url = new URL(`http://127.0.0.1:${(server?.address() as AddressInfo).port}/v1/categories`);
  return { url, closedByClient };
}

describe("httpCall's kept-alive connections", () => {
  it("are closed by the app before the service's keep-alive timeout, so a reused connection is never one being closed", async () => {
    // timeout=2, the shortest for which Node keeps a connection at all: the app lets it go after about 1 s.
    const { url, closedByClient } = await serviceKeepingAliveFor(2_000);
    const reply = await httpCall(url, {
      method: "GET",
      headers: {},
      connectTimeoutMs: 1_000,
      signal: AbortSignal.timeout(5_000),
    });
    expect(reply.status).toBe(200);
    const idleSince = Date.now();

    // Only the app's close is logged: the service ends an idle connection by destroying it, which emits no "end".
    await expect.poll(() => closedByClient.length, { timeout: 10_000 }).toBe(1);
    // Seeing the close at all shows the app closed before the service did; the bound shows it did so within the
    // advertised timeout, not a moment before a service that waits longer than it says.
    expect(closedByClient[0]! - idleSince).toBeLessThan(2_000);
  });

  it("are kept for the next call while the service still keeps them", async () => {
    const { url, closedByClient } = await serviceKeepingAliveFor(10_000);
    const call = () =>
      httpCall(url, { method: "GET", headers: {}, connectTimeoutMs: 1_000, signal: AbortSignal.timeout(5_000) });
    let connections = 0;
    server?.on("connection", () => connections++);
    await call();
    await new Promise((done) => setTimeout(done, 500));
    await call();
    expect(connections).toBe(1);
    expect(closedByClient).toHaveLength(0);
  });
});
