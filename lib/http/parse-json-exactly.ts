/**
 * The browser's JSON.parse for our /api bodies, keeping int64 ids exact without
 * shipping a JSON parser: JSON.parse's source text access (Chrome 114, Firefox 135,
 * Safari 18.4) gives each number's digits. Older browsers load lossless-json on demand.
 */
import { exactNumber } from "@/lib/categories/exact-integer";

type SourceContext = { source?: string };
type Reviver = (this: unknown, key: string, value: unknown, context?: SourceContext) => unknown;

/** Integers beyond 2^53 become bigint (as `parseExactJson` makes them); every other value is left alone. */
export const keepBigIntegers: Reviver = (_key, value, context) =>
  typeof value === "number" && context?.source !== undefined ? exactNumber(context.source, value) : value;

let sourceTextAccess: boolean | undefined;

function hasSourceTextAccess(): boolean {
  if (sourceTextAccess === undefined) {
    let seen: string | undefined;
    JSON.parse("1", ((_key, value, context) => {
      seen = context?.source;
      return value;
    }) as Reviver as Parameters<typeof JSON.parse>[1]);
    sourceTextAccess = seen === "1";
  }
  return sourceTextAccess;
}

/** JSON.parse, except that big integers keep every digit. Rejects on text that is not JSON. */
export async function parseJsonExactly(text: string): Promise<unknown> {
  if (hasSourceTextAccess()) return JSON.parse(text, keepBigIntegers as Parameters<typeof JSON.parse>[1]);
  const { parseExactJson } = await import("@/lib/categories/exact-json");
  return parseExactJson(text);
}
