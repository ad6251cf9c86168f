"use client";

import { useEffect, useRef } from "react";
import { type Selection, selectionState, toggled, withAll } from "@/lib/browser/compare/selection";
import { formatCount } from "@/lib/shared/plural";

type Ticks = { selected: Selection; onChange: (next: Selection) => void };

/** One row's checkbox, named by the category it stands for. */
export function SelectRow({ rowKey, label, selection }: { rowKey: string; label: string; selection: Ticks }) {
  return (
    <input
      type="checkbox"
      className="select-box"
      aria-label={label}
      checked={selection.selected.has(rowKey)}
      onChange={() => selection.onChange(toggled(selection.selected, rowKey))}
    />
  );
}

type SelectAllProps = {
  id: string;
  /** Every row the search matches, not only those shown: "Select all" means all of them. */
  keys: readonly string[];
  searched: boolean;
  selection: Ticks;
};

export function SelectAll({ id, keys, searched, selection }: SelectAllProps) {
  const state = selectionState(selection.selected, keys);
  const ref = useRef<HTMLInputElement>(null);
  // Some but not all ticked: the box shows a dash, and assistive technology says "mixed".
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === "some";
  }, [state]);
  return (
    <div className="field checkbox-field">
      <input
        ref={ref}
        id={id}
        type="checkbox"
        className="select-box"
        checked={state === "all"}
        disabled={keys.length === 0}
        onChange={(event) => selection.onChange(withAll(selection.selected, keys, event.target.checked))}
      />
      <label htmlFor={id}>
        Select all {formatCount(keys.length)}
        {searched && " matching"}
      </label>
    </div>
  );
}
