import Link from "next/link";
import { type Column, DataTable } from "@/components/ui/data-table";
import { LocalTime } from "@/components/ui/local-time";
import { auditCells } from "@/lib/shared/audit-cells";
import type { AuditEntry } from "@/lib/shared/audit-schemas";
import { type CatalogueEnvironment, inEnvironment, isCatalogueEnvironment } from "@/lib/shared/environment";

/**
 * The page an event belongs to: its import's or promotion's (an import's under its environment's address), else the
 * change request it decided or ran for.
 */
function linkedPage(
  { importId, promotionId, changeRequestId, environment }: AuditEntry["details"],
  defaultEnvironment: CatalogueEnvironment,
): string | undefined {
  if (promotionId !== undefined) return `/promotions/${promotionId}`;
  if (importId === undefined) return changeRequestId === undefined ? undefined : `/requests/${changeRequestId}`;
  const path = `/categories/import/${importId}`;
  // A value other than production or staging is the only environment's label ("local"): its default address.
  return isCatalogueEnvironment(environment)
    ? inEnvironment(path, { environment, isDefault: environment === defaultEnvironment })
    : path;
}

type HistoryTableProps = {
  entries: AuditEntry[];
  caption: string;
  busy: boolean;
  defaultEnvironment: CatalogueEnvironment;
};

type Row = { entry: AuditEntry; cells: ReturnType<typeof auditCells>; linked?: string };

// The same columns, in the same order, as the CSV export.
const COLUMNS: Column<Row>[] = [
  { label: "Time", cell: ({ entry }) => <LocalTime iso={entry.time} /> },
  { label: "Person", cell: ({ cells }) => cells.person },
  { label: "Event", cell: ({ cells }) => cells.event, className: "cell-event" },
  { label: "Environment", cell: ({ cells }) => cells.environment },
  { label: "Category id", cell: ({ cells }) => cells.categoryId, className: "cell-id" },
  { label: "Category name", cell: ({ cells }) => cells.categoryName },
  {
    label: "Details",
    cell: ({ cells, linked }) => (linked === undefined ? cells.details : <Link href={linked}>{cells.details}</Link>),
  },
  { label: "Request id", cell: ({ cells }) => cells.requestId, className: "cell-request" },
];

export function HistoryTable({ entries, caption, busy, defaultEnvironment }: HistoryTableProps) {
  const rows = entries.map((entry) => ({
    entry,
    cells: auditCells(entry),
    linked: linkedPage(entry.details, defaultEnvironment),
  }));
  return (
    <DataTable
      label="History table"
      caption={caption}
      columns={COLUMNS}
      rows={rows}
      rowKey={({ entry }) => entry.id}
      className="history-table"
      busy={busy}
    />
  );
}
