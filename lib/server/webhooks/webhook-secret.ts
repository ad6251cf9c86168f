import "server-only";
import { randomBytes } from "node:crypto";
import { sealText } from "@/lib/server/auth/sealed-text";

/** A new Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString("base64")}`;

/** As the database keeps it: sealed, never in the clear (decision 025). */
export const sealSecret = (secret: string): Promise<string> => sealText("webhook-secret", secret);
