import "server-only";
import dns from "node:dns";
import type { LookupAddress, LookupOneOptions, LookupAllOptions } from "node:dns";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { getConfig } from "@/lib/server/config/config";

type Address = ipaddr.IPv4 | ipaddr.IPv6;

// IPv4-compatible IPv6 (::a.b.c.d, deprecated): ipaddr.js counts it as unicast, but it names an IPv4 address.
const ALSO_REFUSED = [ipaddr.parseCIDR("::/96")];

// Each list parsed once: the settings' list is read at every connection.
const parsedLists = new WeakMap<readonly string[], [Address, number][]>();
function networks(cidrs: readonly string[]): [Address, number][] {
  let parsed = parsedLists.get(cidrs);
  if (!parsed) parsedLists.set(cidrs, (parsed = cidrs.map((cidr) => ipaddr.parseCIDR(cidr))));
  return parsed;
}

const inRange = (address: Address, [network, bits]: [Address, number]) =>
  address.kind() === network.kind() && address.match(network, bits);

/**
 * Why `address` may not be reached (its range: loopback, private, linkLocal, uniqueLocal, multicast, unspecified, …),
 * or undefined when it may: a public unicast address, or one inside WEBHOOK_ALLOWED_NETWORKS. IPv4-mapped IPv6 forms
 * are read as the IPv4 address they carry.
 */
export function refusedRange(
  address: string,
  allowed: readonly string[] = getConfig().webhooks.allowedNetworks,
): string | undefined {
  let parsed: Address;
  try {
    parsed = ipaddr.process(address.replace(/^\[(.*)\]$/, "$1"));
  } catch {
    return "not an address";
  }
  if (networks(allowed).some((network) => inRange(parsed, network))) return undefined;
  const range = parsed.range();
  if (range !== "unicast") return range;
  return ALSO_REFUSED.some((refused) => inRange(parsed, refused)) ? "ipv4Compatible" : undefined;
}

/** The refusal of a connection to an address the app may not reach; its message names the address and its range. */
export class AddressNotAllowed extends Error {
  override readonly name = "AddressNotAllowed";
  readonly code = "EADDRNOTALLOWED";
  constructor(
    readonly host: string,
    readonly address: string,
    readonly range: string,
  ) {
    super(`${host} is ${address}, a ${range} address the app may not reach`);
  }
}

/** The first refused address of `addresses`, as an error, or undefined when all may be reached. */
function firstRefused(host: string, addresses: readonly string[]): AddressNotAllowed | undefined {
  for (const address of addresses) {
    const range = refusedRange(address);
    if (range) return new AddressNotAllowed(host, address, range);
  }
  return undefined;
}

const bare = (hostname: string) => hostname.replace(/^\[(.*)\]$/, "$1");

/**
 * At save: every address `url`'s host resolves to (an address in the URL is its own), the refusal of the first the app
 * may not reach, or of a name that does not resolve.
 */
export async function checkUrlAddresses(url: URL): Promise<AddressNotAllowed | Error | undefined> {
  const host = bare(url.hostname);
  if (isIP(host)) return firstRefused(host, [host]);
  try {
    const found = await dns.promises.lookup(host, { all: true, verbatim: true });
    return firstRefused(
      host,
      found.map((entry) => entry.address),
    );
  } catch (error) {
    return new Error(`${host} does not resolve (${(error as NodeJS.ErrnoException).code ?? "no answer"})`);
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The `lookup` of every webhook connection: the name is resolved at connect time and refused when any of its addresses
 * is one the app may not reach, so a name that resolves elsewhere after it was saved is caught.
 */
export function checkedLookup(
  hostname: string,
  options: LookupOneOptions | LookupAllOptions,
  callback: LookupCallback,
): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = firstRefused(
      hostname,
      addresses.map((entry) => entry.address),
    );
    if (refused) return callback(refused, []);
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), []);
    callback(null, first.address, first.family);
  });
}

/** Before a connection to an address written in the URL, which Node connects to without any lookup. */
export function literalAddressRefusal(url: URL): AddressNotAllowed | undefined {
  const host = bare(url.hostname);
  return isIP(host) ? firstRefused(host, [host]) : undefined;
}
