import "server-only";
import type { CatalogueEnvironment } from "@/lib/shared/environment";
import { categoryToJson } from "@/lib/shared/exact-json";
import type { LiveVia } from "@/lib/shared/live-events";
import type { Category } from "@/lib/shared/schemas";
import type { NewLiveEvent } from "./live-event-store";

/** The `category-created` event, its id with every digit, as /api/categories writes it. */
export function categoryCreatedEvent(
  environment: CatalogueEnvironment,
  category: Category,
  by: string | undefined,
  via: LiveVia,
): NewLiveEvent {
  const json = JSON.stringify;
  return {
    type: "category-created",
    webhook: { type: "category.created", environment },
    data: `{"environment":${json(environment)},"category":${categoryToJson(category)},"by":${json(by ?? null)},"via":${json(via)}}`,
  };
}
