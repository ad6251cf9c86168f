import type { Ref } from "react";
import type { Category } from "@/lib/shared/schemas";

// `index` is the row's place in the whole filtered, sorted list, not among the rendered rows.
type CategoryRowProps = { category: Category; index: number; highlighted?: boolean; ref?: Ref<HTMLTableRowElement> };

export function CategoryRow({ category, index, highlighted, ref }: CategoryRowProps) {
  const className = [index % 2 ? "row-alt" : "", highlighted ? "row-highlight" : ""].filter(Boolean).join(" ");
  return (
    <tr ref={ref} data-index={index} aria-rowindex={index + 2} className={className || undefined}>
      <td className="cell-id">{category.id}</td>
      <td>{category.name}</td>
      <td>{category.description}</td>
    </tr>
  );
}
