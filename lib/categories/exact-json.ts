import { parse } from "lossless-json";
import { exactNumber } from "./exact-integer";
import type { Category } from "./schemas";


/** JSON.parse, except that big integers (int64 ids) keep every digit. Throws SyntaxError on bad JSON. */
export function parseExactJson(text: string): unknown {
  return parse(text, null, (digits) => exactNumber(digits));
}

/** Writes the id as a bare JSON number with its exact digits, as the spec's int64 requires. */
export function categoryToJson({ id, name, description }: Category): string {
  const tail = description === undefined ? "" : `,"description":${JSON.stringify(description)}`;
  return `{"id":${id},"name":${JSON.stringify(name)}${tail}}`;
}
