"use client";

import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { Category } from "@/lib/shared/schemas";
import { CategoryRow } from "./category-row";

type VirtualRowsProps = {
  categories: readonly Category[];
  body: RefObject<HTMLTableSectionElement | null>;
  highlightIndex: number;
};

const ESTIMATED_ROW_PX = 41;

// Only the rows in view (plus a few) are in the DOM, so 100,000 categories cost what 50 do.
export function VirtualCategoryRows({ categories, body, highlightIndex }: VirtualRowsProps) {
  const [scrollMargin, setScrollMargin] = useState(0);
  // Measured again whenever the page's size changes: an alert or a wrapped toolbar above the table moves it.
  useLayoutEffect(() => {
    const measure = () => setScrollMargin((body.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [body]);
  const virtualizer = useWindowVirtualizer({
    count: categories.length,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: 10,
    scrollMargin,
    getItemKey: (index) => categories[index]?.id ?? index,
  });
  useEffect(() => {
    if (highlightIndex >= 0) virtualizer.scrollToIndex(highlightIndex, { align: "center" });
  }, [virtualizer, highlightIndex]);
  const rows = virtualizer.getVirtualItems();
  const before = (rows[0]?.start ?? scrollMargin) - scrollMargin;
  const after = virtualizer.getTotalSize() - ((rows.at(-1)?.end ?? scrollMargin) - scrollMargin);
  return (
    <>
      {before > 0 && <Spacer height={before} />}
      {rows.map((row) => {
        const category = categories[row.index];
        return category && (
            <CategoryRow
              key={row.key}
              category={category}
              index={row.index}
              highlighted={row.index === highlightIndex}
              ref={virtualizer.measureElement}
            />
          );
      })}
      {after > 0 && <Spacer height={after} />}
    </>
  );
}

// Its height is set through the DOM: the Content-Security-Policy refuses style attributes.
function Spacer({ height }: { height: number }) {
  const cell = useRef<HTMLTableCellElement>(null);
  useLayoutEffect(() => {
    if (cell.current) cell.current.style.height = `${height}px`;
  }, [height]);
  return (
    <tr aria-hidden="true" className="spacer">
      <td colSpan={3} ref={cell} />
    </tr>
  );
}
