import Link from "next/link";
import { type Column, DataTable } from "@/components/ui/data-table";
import type { ChangeRequest } from "@/lib/shared/change-request-schemas";
import { type CatalogueEnvironment, inEnvironment } from "@/lib/shared/environment";
import { count, formatCount } from "@/lib/shared/plural";

// A file of 10,000 rows would make a page no one reads; the import's own page has them all once it runs.
const SHOWN_ROWS = 100;

type Row = { key: string; first: string; name: string; description?: string };

function RowsTable({ label, first, rows }: { label: string; first: string; rows: readonly Row[] }) {
  const shown = rows.slice(0, SHOWN_ROWS);
  const columns: Column<Row>[] = [
    { label: first, cell: (row) => row.first, className: "cell-id" },
    { label: "Name", cell: (row) => row.name },
    { label: "Description", cell: (row) => row.description },
  ];
  return (
    <>
      <DataTable label={label} caption={label} columns={columns} rows={shown} rowKey={(row) => row.key} />
      {rows.length > shown.length && (
        <p className="muted">
          The first {formatCount(shown.length)} of {formatCount(rows.length)}.
        </p>
      )}
    </>
  );
}

/** What will run once approved: the category, the import's rows, or the promotion's categories as requested. */
export function RequestDetails({ request }: { request: ChangeRequest }) {
  switch (request.kind) {
    case "create": {
      const { name, description } = request.details.category;
      return (
        <dl className="facts">
          <dt>Name</dt>
          <dd>{name}</dd>
          <dt>Description</dt>
          <dd>{description || <span className="muted">None</span>}</dd>
        </dl>
      );
    }
    case "import": {
      const { fileName, createExisting, rows } = request.details;
      return (
        <>
          <p>
            {count(rows.length, "row", "rows")} of {fileName} to create
            {createExisting ? ", names already in the catalogue included" : ""}.
          </p>
          <RowsTable
            label={`Rows of ${fileName}`}
            first="Line"
            rows={rows.map((row) => ({ ...row, key: String(row.line), first: String(row.line) }))}
          />
        </>
      );
    }
    case "promotion":
      return (
        <>
          <p>
            From {request.details.from} to {request.environment}, as they were in {request.details.from} when requested.
            A name {request.environment} has by then is skipped.
          </p>
          <RowsTable
            label={`Categories from ${request.details.from}`}
            first={`ID in ${request.details.from}`}
            rows={request.details.categories.map((category) => ({ ...category, key: category.id, first: category.id }))}
          />
        </>
      );
  }
}

/** What ran once approved: the created category or its error, or a link to the job. */
export function RequestResult({
  request,
  defaultEnvironment,
}: {
  request: ChangeRequest;
  defaultEnvironment: CatalogueEnvironment;
}) {
  const place = { environment: request.environment, isDefault: request.environment === defaultEnvironment };
  if (!request.result) return <p className="muted">Nothing has run yet.</p>;
  if (request.kind === "create") {
    const { result } = request;
    return "category" in result ? (
      <p>
        Created {result.category.name} (ID <span className="cell-id">{result.category.id}</span>) in{" "}
        {request.environment}. <Link href={inEnvironment("/categories", place)}>See the categories</Link>
      </p>
    ) : (
      <div className="notice" role="note">
        <h3>The create did not work</h3>
        <p>{result.error.message}</p>
      </div>
    );
  }
  const href =
    request.kind === "import"
      ? inEnvironment(`/categories/import/${request.result.jobId}`, place)
      : `/promotions/${request.result.jobId}`;
  return (
    <p>
      Started as a job.{" "}
      <Link href={href}>{request.kind === "import" ? "Follow the import" : "Follow the promotion"}</Link>
    </p>
  );
}
