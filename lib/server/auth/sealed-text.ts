import "server-only";
import { type KeyObject, createSecretKey, hkdfSync } from "node:crypto";
import { CompactEncrypt, compactDecrypt } from "jose";
import { getConfig } from "@/lib/server/config/config";

/** What a sealed text is for: each purpose has its own key, so one can never be opened as another. */
export type SealPurpose = "oidc-flow-cookie" | "oidc-id-token" | "webhook-secret";

// Derived once per purpose and secret: a webhook secret is opened at every attempt.
const keys = new Map<string, KeyObject>();
function keyFor(purpose: SealPurpose, secret: string): KeyObject {
  const id = `${purpose}\n${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = createSecretKey(
      new Uint8Array(hkdfSync("sha256", secret, "categories-admin", `categories-admin ${purpose}`, 32)),
    );
    keys.set(id, key);
  }
  return key;
}

/** A compact JWE (direct key, AES-256-GCM) under a key derived from SESSION_SECRET: unreadable and tamper-evident. */
export function sealText(purpose: SealPurpose, text: string, secret = getConfig().sessionSecret): Promise<string> {
  return new CompactEncrypt(new TextEncoder().encode(text))
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .encrypt(keyFor(purpose, secret));
}

/** undefined for anything not sealed by sealText for this purpose under this secret, or altered since. */
export async function openText(
  purpose: SealPurpose,
  sealed: string,
  secret = getConfig().sessionSecret,
): Promise<string | undefined> {
  try {
    const { plaintext } = await compactDecrypt(sealed, keyFor(purpose, secret), {
      keyManagementAlgorithms: ["dir"],
      contentEncryptionAlgorithms: ["A256GCM"],
    });
    return new TextDecoder().decode(plaintext);
  } catch {
    // Altered, sealed under another secret or for another purpose, or not sealed at all: all mean "no value".
    return undefined;
  }
}
