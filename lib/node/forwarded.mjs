// @ts-check
// Plain JavaScript: scripts/serve.mjs runs it before Next loads.
import { BlockList, isIP } from "node:net";

export const CLIENT_ADDRESS_HEADER = "x-client-address";

/** @param {string} address */
function plain(address) {
  const trimmed = address.trim().replace(/^\[(.*)\]$/, "$1");
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(trimmed) ? trimmed.slice(7) : trimmed;
}

/** @param {string} address */
const family = (address) => (isIP(address) === 6 ? "ipv6" : "ipv4");

/** @param {string | undefined} text @returns {{ list: BlockList | undefined, problem?: string }} */
export function parseTrustedProxies(text) {
  const entries = (text ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return { list: undefined };
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix, extra] = entry.split("/");
    const version = isIP(address);
    const bits = prefix === undefined ? undefined : Number(prefix);
    const maxBits = version === 6 ? 128 : 32;
    if (!version || extra !== undefined || (bits !== undefined && (!/^\d+$/.test(prefix ?? "") || bits > maxBits))) {
      return {
        list: undefined,
        problem: `TRUSTED_PROXIES must be comma-separated IP addresses or CIDR ranges like 10.0.0.0/8 (got "${entry}")`,
      };
    }
    if (bits === undefined) list.addAddress(address, family(address));
    else list.addSubnet(address, bits, family(address));
  }
  return { list };
}

/** @param {string | undefined} address @param {BlockList | undefined} trusted */
export function isTrusted(address, trusted) {
  const candidate = plain(address ?? "");
  return isIP(candidate) !== 0 && !!trusted?.check(candidate, family(candidate));
}

/**
 * X-Forwarded-For is read from the right: only hops that trusted proxies added can be believed.
 * @param {string | undefined} socketAddress
 * @param {string | string[] | undefined} forwardedFor
 * @param {BlockList | undefined} trusted
 */
export function clientAddress(socketAddress, forwardedFor, trusted) {
  let address = plain(socketAddress ?? "") || "unknown";
  if (!isTrusted(address, trusted)) return address;
  const hops = [forwardedFor ?? ""].flat().join(",").split(",").map(plain).filter(Boolean);
  for (const hop of hops.reverse()) {
    if (!isIP(hop)) return address;
    address = hop;
    if (!isTrusted(hop, trusted)) return hop;
  }
  return address;
}
