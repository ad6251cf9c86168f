import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { importById } from "@/lib/server/imports/import-by-id";
import { readImportRows } from "@/lib/server/imports/import-store";
import { importResultsCsv } from "@/lib/server/imports/results-csv";

export const GET = apiRoute("admin", async (_request, { params }) => {
  const job = await importById(params.id);
  const name = `${job.fileName.replace(/\.csv$/i, "")}-results.csv`;
  // The byte-order mark lets spreadsheet programs read the file as UTF-8, as the list's export does.
  return new Response(`\uFEFF${importResultsCsv(await readImportRows(job.id))}`, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="import-results.csv"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "cache-control": "no-store",
    },
  });
});

const notAllowed = methodNotAllowed(["GET", "HEAD"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
