"use client";

import { count } from "@/lib/shared/plural";

export type FilterOption = readonly [value: string, label: string];

/** A job's rows by how they were checked, in preview. */
export const PREVIEW_FILTERS: readonly FilterOption[] = [
  ["all", "All rows"],
  ["new", "New"],
  ["existing", "Already in the catalogue"],
  ["repeated", "Repeated"],
  ["invalid", "Invalid"],
];

/** A job's rows by outcome, once sending has started. */
export const OUTCOME_FILTERS: readonly FilterOption[] = [
  ["all", "All rows"],
  ["created", "Created"],
  ["skipped", "Skipped"],
  ["failed", "Failed"],
  ["unknown", "Unknown"],
  ["pending", "Waiting"],
];

type Props = { options: readonly FilterOption[]; value: string; onChange: (value: string) => void; shown: number };

/** "Show [Created]", and how many rows that leaves. */
export function RowFilter({ options, value, onChange, shown }: Props) {
  return (
    <div className="field field-inline">
      <label htmlFor="row-filter">Show</label>
      <select id="row-filter" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map(([option, label]) => (
          <option key={option} value={option}>
            {label}
          </option>
        ))}
      </select>
      <span className="muted">{count(shown, "row", "rows")}</span>
    </div>
  );
}
