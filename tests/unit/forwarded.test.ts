import { describe, expect, it } from "vitest";
import { clientAddress, parseTrustedProxies } from "@/lib/node/forwarded.mjs";

const trusted = parseTrustedProxies("10.0.0.0/8, 192.168.1.7, fd00::/8").list;

describe("clientAddress", () => {
  it("is the socket's address when the peer is not a trusted proxy, whatever X-Forwarded-For says", () => {
    expect(clientAddress("203.0.113.9", "198.51.100.1", trusted)).toBe("203.0.113.9");
    expect(clientAddress("::ffff:203.0.113.9", "198.51.100.1", undefined)).toBe("203.0.113.9");
  });

  it("reads X-Forwarded-For right to left from a trusted peer, skipping trusted hops", () => {
    expect(clientAddress("10.0.0.2", "1.1.1.1, 198.51.100.1, 192.168.1.7", trusted)).toBe("198.51.100.1");
    expect(clientAddress("fd00::1", "198.51.100.2", trusted)).toBe("198.51.100.2");
  });

  it("stops at a hop that is not an address, keeping the last trusted one", () => {
    expect(clientAddress("10.0.0.2", "garbage, 10.0.0.3", trusted)).toBe("10.0.0.3");
  });

  it("is the proxy itself when the proxy sent no X-Forwarded-For", () => {
    expect(clientAddress("10.0.0.2", undefined, trusted)).toBe("10.0.0.2");
  });
});

describe("parseTrustedProxies", () => {
  it.each(["10.0.0.0/33", "proxy.internal", "10.0.0.1/8/1", "10.0.0.0/x"])("names a bad entry: %s", (entry) => {
    expect(parseTrustedProxies(entry).problem).toContain(`(got "${entry}")`);
  });

  it("trusts no one when empty", () => {
    expect(parseTrustedProxies("").list).toBeUndefined();
  });
});
