import type { Ref } from "react";
import type { Category } from "@/lib/categories/schemas";

/** One category as a table row; `index` is its place in the whole (filtered, sorted) list, not among the rendered rows. */
export function CategoryRow({ category, index, ref }: { category: Category; index: number; ref?: Ref<HTMLTableRowElement> }) {
  return (
    <tr ref={ref} data-index={index} aria-rowindex={index + 2} className={index % 2 ? "row-alt" : undefined}>
      <td className="cell-id">{category.id}</td>
      <td>{category.name}</td>
      <td>{category.description}</td>
    </tr>
  );
}
