import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { importResultsCsv } from "@/lib/server/imports/results-csv";
import { promotionById } from "@/lib/server/promotions/promotion-by-id";
import { readPromotionRows } from "@/lib/server/promotions/promotion-store";

export const GET = apiRoute("admin", async (_request, { params }) => {
  const promotion = await promotionById(params.id);
  const name = `promotion-${promotion.from}-to-${promotion.to}-results.csv`;
  // The byte-order mark lets spreadsheet programs read the file as UTF-8, as the list's export does.
  return new Response(`\uFEFF${importResultsCsv(await readPromotionRows(promotion.id), true)}`, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "no-store",
    },
  });
});

const notAllowed = methodNotAllowed(["GET", "HEAD"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
