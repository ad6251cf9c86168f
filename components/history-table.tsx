import Link from "next/link";
import { auditCells } from "@/lib/shared/audit-cells";
import type { AuditEntry } from "@/lib/shared/audit-schemas";
import { LocalTime } from "./local-time";

// The same columns, in the same order, as the CSV export.
export function HistoryTable({ entries, caption, busy }: { entries: AuditEntry[]; caption: string; busy: boolean }) {
  return (
    <div className="table-scroll" role="region" aria-label="History table" tabIndex={0} aria-busy={busy || undefined}>
      <table className="table history-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Person</th>
            <th scope="col">Event</th>
            <th scope="col">Category id</th>
            <th scope="col">Category name</th>
            <th scope="col">Details</th>
            <th scope="col">Request id</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry, index) => {
            const cells = auditCells(entry);
            const importId = entry.details.importId;
            return (
              <tr key={entry.id} className={index % 2 ? "row-alt" : undefined}>
                <td>
                  <LocalTime iso={entry.time} />
                </td>
                <td>{cells.person}</td>
                <td className="cell-event">{cells.event}</td>
                <td className="cell-id">{cells.categoryId}</td>
                <td>{cells.categoryName}</td>
                <td>
                  {importId === undefined ? (
                    cells.details
                  ) : (
                    <Link href={`/categories/import/${importId}`}>{cells.details}</Link>
                  )}
                </td>
                <td className="cell-request">{cells.requestId}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
