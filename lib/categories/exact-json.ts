import { parse } from "lossless-json";
import type { Category } from "./schemas";

const INTEGER = /^-?\d+$/;

/** Integers beyond 2^53 become bigint instead of silently changing; every other number stays a number. */
function parseNumber(text: string): number | bigint {
  const value = Number(text);
  return INTEGER.test(text) && !Number.isSafeInteger(value) ? BigInt(text) : value;
}

/** JSON.parse, except that big integers (int64 ids) keep every digit. Throws SyntaxError on bad JSON. */
export function parseExactJson(text: string): unknown {
  return parse(text, null, parseNumber);
}

/** Writes the id as a bare JSON number with its exact digits, as the spec's int64 requires. */
export function categoryToJson({ id, name, description }: Category): string {
  const tail = description === undefined ? "" : `,"description":${JSON.stringify(description)}`;
  return `{"id":${id},"name":${JSON.stringify(name)}${tail}}`;
}
