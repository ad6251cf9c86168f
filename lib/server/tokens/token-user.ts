import "server-only";
import { recordTokenFailure } from "@/lib/server/auth/login-throttle";
import type { SessionUser } from "@/lib/server/auth/roles";
import { clientAddress } from "@/lib/server/http/client-address";
import { invalidToken } from "./token-errors";
import type { TokenCaller } from "./token-caller";
import { TOKEN_PATTERN } from "./token-secret";
import { findToken } from "./token-store";

/**
 * The credential of `Authorization: Bearer …`, or undefined when the request has none (another scheme is not ours to
 * read, and leaves the request to the session cookie).
 */
export function bearerCredential(headers: Headers): string | undefined {
  const match = /^bearer(?:\s+(.*))?$/i.exec(headers.get("authorization")?.trim() ?? "");
  return match ? (match[1] ?? "").trim() : undefined;
}

/** Who a bearer credential acts as: its service account, with the account's role now. Else 401 invalid_token. */
export async function tokenUser(
  credential: string,
  headers: Headers,
): Promise<{ user: SessionUser; token: TokenCaller }> {
  const holder = TOKEN_PATTERN.test(credential) ? await findToken(credential) : undefined;
  if (!holder) {
    await recordTokenFailure(clientAddress(headers));
    throw invalidToken();
  }
  return {
    user: { username: holder.account, role: holder.role, method: "token", displayName: holder.account },
    token: { id: holder.id, name: holder.name, account: holder.account, environments: holder.environments },
  };
}
