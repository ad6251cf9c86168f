import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import { openText, sealText } from "@/lib/server/auth/sealed-text";

/** A new Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString("base64")}`;

/** As the database keeps it: sealed, never in the clear (decision 025). */
export const sealSecret = (secret: string): Promise<string> => sealText("webhook-secret", secret);

export async function openSecret(sealed: string): Promise<string> {
  const secret = await openText("webhook-secret", sealed);
  // Only a SESSION_SECRET changed since it was sealed does this: the endpoint needs a rotation.
  if (secret === undefined) throw new Error("the endpoint's secret cannot be opened: SESSION_SECRET changed?");
  return secret;
}

/** `webhook-signature`'s value: one `v1,<base64 HMAC-SHA256 of id.timestamp.body>` per secret, space-separated. */
export function signatureHeader(secrets: readonly string[], id: string, timestamp: number, body: string): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
      return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
    })
    .join(" ");
}
