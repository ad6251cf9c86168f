import type { UseQueryResult } from "@tanstack/react-query";
import { count } from "@/lib/shared/plural";
import { DataTable, type DataTableProps } from "./data-table";
import { LoadErrorAlert } from "./load-error-alert";

type QueryTableProps<Row> = Omit<DataTableProps<Row>, "rows"> & {
  query: UseQueryResult<readonly Row[]>;
  /** The alert's title when the first read fails. */
  errorTitle: string;
  /** How the count names one row and many: ["endpoint", "endpoints"]. */
  noun: readonly [one: string, many: string];
};

/**
 * A list read in the browser: its count as a status (Loading… first), then its table once it has rows; a first read
 * that failed is an alert with Try again. A later read that fails leaves the rows that were read.
 */
export function QueryTable<Row>({ query, errorTitle, noun, ...table }: QueryTableProps<Row>) {
  if (query.error && !query.data)
    return <LoadErrorAlert title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <>
      <p role="status" className="count">
        {query.data ? count(query.data.length, ...noun) : "Loading…"}
      </p>
      {query.data && query.data.length > 0 && <DataTable rows={query.data} {...table} />}
    </>
  );
}
