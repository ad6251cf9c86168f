import { parse } from "lossless-json";
import type { Category } from "./schemas";

const INTEGER = /^-?\d+$/;

/** A JSON number from its digits: a bigint for an integer beyond 2^53, which a JS number would silently change. */
function exactNumber(source: string, value: number = Number(source)): number | bigint {
  return !Number.isSafeInteger(value) && INTEGER.test(source) ? BigInt(source) : value;
}

type Reviver = (this: unknown, key: string, value: unknown, context?: { source?: string }) => unknown;

export const keepBigIntegers: Reviver = (_key, value, context) =>
  typeof value === "number" && context?.source !== undefined ? exactNumber(context.source, value) : value;

// Source text access: Node 22, Chrome 114, Firefox 135, Safari 18.4. Elsewhere (Node 20) lossless-json reads the
// digits. Exported so that a test can say which of the two this runtime takes.
export const digitsReader: "source text" | "lossless-json" = (() => {
  let seen: string | undefined;
  JSON.parse("1", ((_key, value, context) => {
    seen = context?.source;
    return value;
  }) as Reviver as Parameters<typeof JSON.parse>[1]);
  return seen === "1" ? "source text" : "lossless-json";
})();

// Fewer than 16 digits in a row is below 2^53 (16 digits): plain JSON.parse is exact there, and faster than a
// reviver.
const LONG_DIGIT_RUN = /\d{16}/;

export function parseExactJson(text: string): unknown {
  if (!LONG_DIGIT_RUN.test(text)) return JSON.parse(text);
  return digitsReader === "source text"
    ? JSON.parse(text, keepBigIntegers as Parameters<typeof JSON.parse>[1])
    : parse(text, null, (digits) => exactNumber(digits));
}

export function categoryToJson({ id, name, description }: Category): string {
  const tail = description === undefined ? "" : `,"description":${JSON.stringify(description)}`;
  return `{"id":${id},"name":${JSON.stringify(name)}${tail}}`;
}
