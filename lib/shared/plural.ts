/** A number as people read it here: 12,345. */
export function formatCount(n: number): string {
  return n.toLocaleString("en");
}

/** A number with the noun that fits it: "1 category", "12,345 categories". */
export function count(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}
