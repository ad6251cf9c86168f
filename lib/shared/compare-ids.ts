/** Numeric order of decimal id strings without converting them: exact for any int64. */
export function compareIds(a: string, b: string): number {
  const aNegative = a.startsWith("-");
  const bNegative = b.startsWith("-");
  if (aNegative !== bNegative) return aNegative ? -1 : 1;
  const magnitude = a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  return aNegative ? -magnitude : magnitude;
}
