/**
 * "Does the target already have this name?": the same name once surrounding spaces are trimmed, ignoring case. The
 * form's hint, the import's preview, Compare and a promotion's plan and watch all ask it here. A hint only: the spec
 * has no uniqueness rule, so a same-named category can still be created. A blank name matches nothing.
 */
export function sameNameIndex<T extends { name: string }>(items: readonly T[]): (name: string) => readonly T[] {
  const key = (name: string) => name.trim().toLowerCase();
  const byName = new Map<string, T[]>();
  for (const item of items) {
    const same = byName.get(key(item.name));
    if (same) same.push(item);
    else byName.set(key(item.name), [item]);
  }
  return (name) => (key(name) ? (byName.get(key(name)) ?? []) : []);
}
