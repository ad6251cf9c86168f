"use client";

import { Fragment, Suspense, lazy } from "react";
import { useMounted } from "@/lib/browser/use-mounted";
import type { VirtualRowsProps } from "./virtual-rows";

/** Up to this many rows a table body holds them all; past it, only the rows in view. */
export const PLAIN_ROWS = 100;

// Loaded only for a list longer than PLAIN_ROWS, once in the browser.
const VirtualRows = lazy(() => import("./virtual-rows").then((module) => ({ default: module.VirtualRows<unknown> })));
const noRef = () => undefined;

/**
 * A table body's rows. The server renders the first PLAIN_ROWS plainly (the window the virtualiser measures exists only
 * in the browser); a longer list then gets the virtualiser, and the plain rows stay until it has loaded.
 */
export function TableRows<Item>(props: VirtualRowsProps<Item>) {
  const { items, itemKey, renderRow } = props;
  const virtual = useMounted() && items.length > PLAIN_ROWS;
  const plainRows = items
    .slice(0, PLAIN_ROWS)
    .map((item, index) => <Fragment key={itemKey(item, index)}>{renderRow(item, index, noRef)}</Fragment>);
  if (!virtual) return plainRows;
  return (
    <Suspense fallback={plainRows}>
      <VirtualRows {...(props as VirtualRowsProps<unknown>)} />
    </Suspense>
  );
}
