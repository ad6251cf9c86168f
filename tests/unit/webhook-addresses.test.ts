import { describe, expect, it } from "vitest";
import { refusedRange } from "@/lib/server/webhooks/address-check";

// Issue 45, part 4: which addresses an endpoint may reach, read with ipaddr.js.
describe("refusedRange", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["10.0.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.0.1", "private"],
    ["169.254.169.254", "linkLocal"],
    ["100.64.0.1", "carrierGradeNat"],
    ["224.0.0.251", "multicast"],
    ["0.0.0.0", "unspecified"],
    ["255.255.255.255", "broadcast"],
    ["192.0.2.1", "reserved"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "linkLocal"],
    ["fe80::1%eth0", "linkLocal"],
    ["fc00::1", "uniqueLocal"],
    ["fd00:ec2::254", "uniqueLocal"],
    ["ff02::1", "multicast"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:a9fe:a9fe", "linkLocal"],
    ["[::ffff:192.168.1.1]", "private"],
    ["::127.0.0.1", "loopback"],
    ["::7f00:1", "ipv4Compatible"],
    ["::808:808", "ipv4Compatible"],
    ["64:ff9b::a00:1", "rfc6052"],
    ["2002:7f00:1::", "6to4"],
    ["not an address", "not an address"],
  ])("refuses %s (%s)", (address, range) => {
    expect(refusedRange(address, [])).toBe(range);
  });

  it.each(["93.184.215.14", "8.8.8.8", "2606:4700::1111", "::ffff:93.184.215.14"])("takes %s", (address) => {
    expect(refusedRange(address, [])).toBeUndefined();
  });

  it("takes an address inside an allowed range, in either form, and nothing outside it", () => {
    const allowed = ["10.20.0.0/16", "fd00:1::/32"];
    expect(refusedRange("10.20.3.4", allowed)).toBeUndefined();
    expect(refusedRange("::ffff:10.20.3.4", allowed)).toBeUndefined();
    expect(refusedRange("fd00:1:2::3", allowed)).toBeUndefined();
    expect(refusedRange("10.21.0.1", allowed)).toBe("private");
    expect(refusedRange("fd00:2::1", allowed)).toBe("uniqueLocal");
  });
});
