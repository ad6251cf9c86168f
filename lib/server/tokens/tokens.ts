import "server-only";
import { writeAudit } from "@/lib/server/audit/audit-trail";
import { getConfig } from "@/lib/server/config/config";
import { configuredEnvironments } from "@/lib/server/config/environments";
import { transaction } from "@/lib/server/db/database";
import type { Admin } from "@/lib/server/service-accounts/service-accounts";
import { AppError } from "@/lib/shared/app-error";
import {
  type ApiToken,
  type IssuedToken,
  type NewToken,
  TOKEN_DEFAULT_DAYS,
} from "@/lib/shared/service-account-schemas";
import { tokenNotFound } from "./token-errors";
import { newTokenSecret } from "./token-secret";
import { deleteToken, insertToken } from "./token-store";

const refused = (field: string, message: string) => new AppError(400, "invalid_request", message, { [field]: message });

function checked({ expiresInDays: asked, environments }: NewToken) {
  const { maxDays } = getConfig().tokens;
  // An operator's maximum below the default shortens the default rather than refusing a token that asks nothing.
  const expiresInDays = asked ?? Math.min(TOKEN_DEFAULT_DAYS, maxDays);
  if (expiresInDays > maxDays)
    throw refused("expiresInDays", `A token lasts at most ${maxDays} days (TOKEN_MAX_DAYS). Give fewer days.`);
  const served = configuredEnvironments();
  const unserved = environments?.find((environment) => !served.includes(environment));
  if (unserved) throw refused("environments", `This app does not serve ${unserved}.`);
  return { expiresInDays, environments: environments ?? null };
}

/** A new token for a service account; the answer is the only place its secret ever appears. */
export async function issueToken(request: NewToken, admin: Admin): Promise<IssuedToken> {
  const { expiresInDays, environments } = checked(request);
  const secret = newTokenSecret();
  const token = await transaction(async (tx) => {
    const inserted = await insertToken(
      tx,
      { account: request.account, name: request.name, environments, expiresInDays, createdBy: admin.username },
      secret,
    );
    if (inserted) await writeAudit(tx, [tokenEvent("token_created", inserted, admin)]);
    return inserted;
  });
  if (!token) throw refused("account", `There is no service account named ${request.account}.`);
  return { token, secret: secret.secret };
}

/** Takes effect on the token's next request. */
export async function revokeToken(id: string, admin: Admin): Promise<void> {
  const revoked = await transaction(async (tx) => {
    const deleted = await deleteToken(tx, id);
    if (deleted) await writeAudit(tx, [tokenEvent("token_revoked", deleted, admin)]);
    return deleted;
  });
  if (!revoked) throw tokenNotFound();
}

// Its name, hint and limits: never its secret, which the table does not hold either.
const tokenEvent = (action: "token_created" | "token_revoked", token: ApiToken, admin: Admin) => ({
  action,
  actor: admin.username,
  requestId: admin.requestId,
  details: {
    tokenId: token.id,
    tokenName: token.name,
    account: token.account,
    hint: token.hint,
    environments: token.environments?.join(", "),
    expiresAt: token.expiresAt,
  },
});
