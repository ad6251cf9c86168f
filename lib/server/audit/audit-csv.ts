import "server-only";
import { auditCells } from "@/lib/shared/audit-cells";
import type { AuditEntry } from "@/lib/shared/audit-schemas";
import { stringify } from "csv-stringify/sync";
import { CSV_OPTIONS } from "@/lib/shared/csv";

// The byte-order mark lets spreadsheet programs read the file as UTF-8, as the other exports do.
const HEADER = stringify(
  [["time", "person", "event", "environment", "category id", "category name", "details", "request id"]],
  {
    ...CSV_OPTIONS,
    bom: true,
  },
);

const lines = (entries: AuditEntry[]) =>
  stringify(
    entries.map((entry) => {
      const cells = auditCells(entry);
      return [
        entry.time,
        cells.person,
        cells.event,
        cells.environment,
        cells.categoryId,
        cells.categoryName,
        cells.details,
        cells.requestId,
      ];
    }),
    CSV_OPTIONS,
  );

/**
 * A stream pulled a batch at a time, so a slow download slows the database reads and an export of every event holds
 * one batch in memory. The first batch is read before the response starts, so a database that is down is a clear 503.
 */
export async function auditCsvStream(batches: AsyncGenerator<AuditEntry[]>): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const first = await batches.next();
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(HEADER + (first.done ? "" : lines(first.value))));
      if (first.done) controller.close();
    },
    async pull(controller) {
      const next = await batches.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(lines(next.value)));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
