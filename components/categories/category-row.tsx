import Link from "next/link";
import type { Ref } from "react";
import type { Category } from "@/lib/shared/schemas";

// `index` is the row's place in the whole filtered, sorted list, not among the rendered rows.
type CategoryRowProps = {
  category: Category;
  index: number;
  highlighted?: boolean;
  /** Created by someone else moments ago. */
  isNew?: boolean;
  historyLink?: boolean;
  ref?: Ref<HTMLTableRowElement>;
};

export function CategoryRow({ category, index, highlighted, isNew, historyLink, ref }: CategoryRowProps) {
  const className = [index % 2 ? "row-alt" : "", highlighted || isNew ? "row-highlight" : ""].filter(Boolean).join(" ");
  return (
    <tr ref={ref} data-index={index} aria-rowindex={index + 2} className={className || undefined}>
      <td className="cell-id">
        {historyLink ? (
          // Not prefetched: a long list would fetch the History page once per row in view.
          <Link
            href={`/history?category=${category.id}`}
            prefetch={false}
            aria-label={`${category.id}: history of ${category.name}`}
          >
            {category.id}
          </Link>
        ) : (
          category.id
        )}
        {isNew && <span className="badge badge-new">New</span>}
      </td>
      <td>{category.name}</td>
      <td>{category.description}</td>
    </tr>
  );
}
