import "server-only";
import { catalogue } from "@/lib/server/catalogue/catalogue";
import type { CallContext } from "@/lib/server/catalogue/catalogue-client";
import { configuredEnvironments } from "@/lib/server/config/config";
import type { CompareEnvironment } from "@/lib/shared/compare-schemas";
import type { Category } from "@/lib/shared/schemas";

export function bothEnvironmentsConfigured(): boolean {
  const configured = configuredEnvironments();
  return configured.includes("staging") && configured.includes("production");
}

export function readEnvironment(environment: CompareEnvironment, context: CallContext): Promise<Category[]> {
  return catalogue(environment).listCategories(context);
}
