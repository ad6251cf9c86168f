import { useCallback, useEffect, useMemo, useState } from "react";

type Marks = readonly { ids: readonly string[]; until: number }[];

/**
 * Ids shown as new for `forMs` after they are marked, all on one timer: it waits for the oldest marks, takes off those
 * due and starts again for the next, however many batches of ids are marked meanwhile.
 */
export function useNewMarks(forMs: number): [ReadonlySet<string>, (ids: readonly string[]) => void] {
  const [marks, setMarks] = useState<Marks>([]);
  const mark = useCallback(
    (ids: readonly string[]) => {
      if (ids.length > 0) setMarks((all) => [...all, { ids, until: performance.now() + forMs }]);
    },
    [forMs],
  );
  // Set again after every change, the timer's own included: a timer may fire a moment before its time, and then
  // takes nothing off.
  useEffect(() => {
    const oldest = marks[0]?.until;
    if (oldest === undefined) return;
    const timer = setTimeout(
      () => setMarks((all) => all.filter(({ until }) => until > performance.now())),
      oldest - performance.now(),
    );
    return () => clearTimeout(timer);
  }, [marks]);
  const marked = useMemo(() => new Set(marks.flatMap(({ ids }) => ids)), [marks]);
  return [marked, mark];
}
