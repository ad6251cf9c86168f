/**
 * Gathers items and hands them on together once none has come for `quietMs`, or `maxMs` after the first of them
 * however many keep coming: an import someone else runs is announced now and then, not once per row.
 */
export function gather<Item>(quietMs: number, maxMs: number, flush: (items: Item[]) => void) {
  let items: Item[] = [];
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let latest: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    clearTimeout(quiet);
    clearTimeout(latest);
    latest = undefined;
    const gathered = items;
    items = [];
    return gathered;
  };
  const send = () => flush(cancel());
  return {
    add(item: Item) {
      items.push(item);
      clearTimeout(quiet);
      quiet = setTimeout(send, quietMs);
      latest ??= setTimeout(send, maxMs);
    },
    cancel,
  };
}
