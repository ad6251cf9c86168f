import type { Category } from "@/lib/categories/schemas";
import type { Sort, SortKey } from "@/lib/categories/view";

type CategoryTableProps = { categories: readonly Category[]; sort: Sort; onSort: (key: SortKey) => void };

const COLUMN_LABELS: Record<SortKey, string> = { id: "ID", name: "Name" };

export function CategoryTable({ categories, sort, onSort }: CategoryTableProps) {
  const header = (key: SortKey) => {
    const active = sort.key === key;
    return (
      <th scope="col" aria-sort={active ? (sort.dir === "asc" ? "ascending" : "descending") : "none"}>
        <button type="button" className="sort-button" onClick={() => onSort(key)}>
          {COLUMN_LABELS[key]}
          <span aria-hidden="true" className="sort-icon">
            {active ? (sort.dir === "asc" ? "▲" : "▼") : "↕"}
          </span>
        </button>
      </th>
    );
  };
  return (
    <div className="table-scroll">
      <table className="table">
        <caption className="visually-hidden">
          Categories, sorted by {COLUMN_LABELS[sort.key]} {sort.dir === "asc" ? "ascending" : "descending"}
        </caption>
        <thead>
          <tr>
            {header("id")}
            {header("name")}
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {categories.map((category) => (
            <tr key={category.id}>
              <td className="cell-id">{category.id}</td>
              <td>{category.name}</td>
              <td>{category.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
