import Link from "next/link";
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

// The same columns, in the same order, as the CSV export.
export function HistoryTable({ entries, caption, busy, defaultEnvironment }: HistoryTableProps) {
  return (
    <div className="table-scroll" role="region" aria-label="History table" tabIndex={0} aria-busy={busy || undefined}>
      <table className="table history-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Person</th>
            <th scope="col">Event</th>
            <th scope="col">Environment</th>
            <th scope="col">Category id</th>
            <th scope="col">Category name</th>
            <th scope="col">Details</th>
            <th scope="col">Request id</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry, index) => {
            const cells = auditCells(entry);
            const linked = linkedPage(entry.details, defaultEnvironment);
            return (
              <tr key={entry.id} className={index % 2 ? "row-alt" : undefined}>
                <td>
                  <LocalTime iso={entry.time} />
                </td>
                <td>{cells.person}</td>
                <td className="cell-event">{cells.event}</td>
                <td>{cells.environment}</td>
                <td className="cell-id">{cells.categoryId}</td>
                <td>{cells.categoryName}</td>
                <td>{linked === undefined ? cells.details : <Link href={linked}>{cells.details}</Link>}</td>
                <td className="cell-request">{cells.requestId}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
