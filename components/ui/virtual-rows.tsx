"use client";

import { useWindowVirtualizer } from "@tanstack/react-virtual";
import {
  Fragment,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";

export type VirtualRowsProps<Item> = {
  items: readonly Item[];
  body: RefObject<HTMLTableSectionElement | null>;
  columns: number;
  /** Best defined once, outside the component: see getItemKey. */
  itemKey: (item: Item, index: number) => string | number;
  /** `ref` must reach the row's <tr>, so the virtualiser can measure it. */
  renderRow: (item: Item, index: number, ref: (element: Element | null) => void) => ReactNode;
  scrollToIndex?: number;
};

const ESTIMATED_ROW_PX = 41;

// Only the rows in view (plus a few) are in the DOM, so a long list costs what a screenful does.
export function VirtualRows<Item>({
  items,
  body,
  columns,
  itemKey,
  renderRow,
  scrollToIndex = -1,
}: VirtualRowsProps<Item>) {
  const [scrollMargin, setScrollMargin] = useState(0);
  // Measured again whenever the page's size changes: an alert or a wrapped toolbar above the table moves it.
  useLayoutEffect(() => {
    const measure = () => setScrollMargin((body.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [body]);
  // A new key function makes the virtualiser place every row again: only new items (or a new itemKey) should.
  const getItemKey = useCallback(
    (index: number) => {
      const item = items[index];
      return item === undefined ? index : itemKey(item, index);
    },
    [items, itemKey],
  );
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: 10,
    scrollMargin,
    getItemKey,
  });
  useEffect(() => {
    if (scrollToIndex >= 0) virtualizer.scrollToIndex(scrollToIndex, { align: "center" });
  }, [virtualizer, scrollToIndex]);
  const rows = virtualizer.getVirtualItems();
  const before = (rows[0]?.start ?? scrollMargin) - scrollMargin;
  const after = virtualizer.getTotalSize() - ((rows.at(-1)?.end ?? scrollMargin) - scrollMargin);
  return (
    <>
      {before > 0 && <Spacer height={before} columns={columns} />}
      {rows.map((row) => {
        const item = items[row.index];
        return item === undefined ? null : (
          <Fragment key={row.key}>{renderRow(item, row.index, virtualizer.measureElement)}</Fragment>
        );
      })}
      {after > 0 && <Spacer height={after} columns={columns} />}
    </>
  );
}

// Its height is set through the DOM: the Content-Security-Policy refuses style attributes.
function Spacer({ height, columns }: { height: number; columns: number }) {
  const cell = useRef<HTMLTableCellElement>(null);
  useLayoutEffect(() => {
    if (cell.current) cell.current.style.height = `${height}px`;
  }, [height]);
  return (
    <tr aria-hidden="true" className="spacer">
      <td colSpan={columns} ref={cell} />
    </tr>
  );
}
