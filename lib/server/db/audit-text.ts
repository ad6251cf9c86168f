import "server-only";
import { storableText } from "./database";

// So no single entry can crowd out the others when they are read back.
export const MAX_FIELD_CHARS = 500;

/**
 * A text as an audit entry keeps it: storable, and cut at MAX_FIELD_CHARS with an ellipsis, never between the two
 * halves of a character. Here, not in lib/server/audit, because the live watcher matches names against it too.
 */
export function auditText(text: string): string {
  if (text.length <= MAX_FIELD_CHARS) return storableText(text);
  const end = /[\uD800-\uDBFF]/.test(text.charAt(MAX_FIELD_CHARS - 1)) ? MAX_FIELD_CHARS - 1 : MAX_FIELD_CHARS;
  return storableText(`${text.slice(0, end)}…`);
}
