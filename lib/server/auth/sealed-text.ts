import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { getConfig } from "@/lib/server/config/config";

/** What a sealed text is for: each purpose has its own key, so one can never be opened as another. */
export type SealPurpose = "oidc-flow-cookie" | "oidc-id-token";

const VERSION = "v1";

function keyFor(purpose: SealPurpose, secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "categories-admin", `categories-admin ${purpose}`, 32));
}

/** AES-256-GCM under a key derived from SESSION_SECRET (HKDF-SHA256): unreadable and tamper-evident. */
export function sealText(purpose: SealPurpose, text: string, secret = getConfig().sessionSecret): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(purpose, secret), iv);
  cipher.setAAD(Buffer.from(purpose));
  const sealed = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return [VERSION, iv, sealed, cipher.getAuthTag()]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** undefined for anything not sealed by sealText for this purpose under this secret, or altered since. */
export function openText(purpose: SealPurpose, sealed: string, secret = getConfig().sessionSecret): string | undefined {
  const [version, iv, data, tag, extra] = sealed.split(".");
  if (version !== VERSION || !iv || data === undefined || !tag || extra !== undefined) return undefined;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(purpose, secret), Buffer.from(iv, "base64url"), {
      authTagLength: 16,
    });
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}
