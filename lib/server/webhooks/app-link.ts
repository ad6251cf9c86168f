import "server-only";
import { getConfig } from "@/lib/server/config/config";

/** A page of the app as an event links to it: APP_ORIGIN and the path (the path alone when APP_ORIGIN is unset). */
export const appLink = (path: string): string => `${getConfig().appOrigin ?? ""}${path}`;
