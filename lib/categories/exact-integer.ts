const INTEGER = /^-?\d+$/;

/**
 * A JSON number from its source digits: a bigint when it is an integer beyond 2^53 (a JS number would silently
 * change it), the plain number otherwise. Shared by the server's and the browser's exact JSON parsing.
 */
export function exactNumber(source: string, value: number = Number(source)): number | bigint {
  return !Number.isSafeInteger(value) && INTEGER.test(source) ? BigInt(source) : value;
}
