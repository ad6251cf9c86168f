import "server-only";
import { isJobId } from "@/lib/server/imports/import-by-id";
import { AppError } from "@/lib/shared/app-error";
import type { Promotion, PromotionWithRows } from "@/lib/shared/promotion-schemas";
import { readPromotion, readPromotionRows } from "./promotion-store";

const notFound = () => new AppError(404, "promotion_not_found", "There is no promotion with this id.");

/** The promotion, or a 404 for any id that is not one. */
export async function promotionById(id: string | undefined): Promise<Promotion> {
  if (!isJobId(id)) throw notFound();
  const promotion = await readPromotion(id);
  if (!promotion) throw notFound();
  return promotion;
}

export async function promotionWithRows(id: string | undefined): Promise<PromotionWithRows> {
  const promotion = await promotionById(id);
  return { ...promotion, rows: await readPromotionRows(promotion.id) };
}
