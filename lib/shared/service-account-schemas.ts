import * as z from "zod/mini";
import { CATALOGUE_ENVIRONMENTS } from "./environment";
import { USERNAME_PATTERN } from "./username.mjs";

/**
 * Service accounts and their API tokens (issue 46): what /api/service-accounts and /api/tokens give and take, and what
 * /settings/service-accounts reads. One schema for both sides.
 */
const role = z.enum(["viewer", "admin"], { error: "role must be viewer or admin" });
const USERNAME_RULE = "A username is 1 to 64 letters, digits, . _ @ or -.";

export const newServiceAccountSchema = z.object({
  username: z.string({ error: USERNAME_RULE }).check(z.regex(USERNAME_PATTERN, USERNAME_RULE)),
  role,
});

export const serviceAccountChangeSchema = z.object({ role });

export const serviceAccountSchema = z.object({
  username: z.string(),
  role,
  createdAt: z.string(),
  createdBy: z.nullable(z.string()),
});

/** How long a token lasts when expiresInDays is not given. */
export const TOKEN_DEFAULT_DAYS = 90;

const TOKEN_NAME_RULE = "Give the token a name, for example the script or pipeline that uses it.";
const tokenName = z.pipe(
  z.string({ error: TOKEN_NAME_RULE }),
  z.pipe(
    z.transform((value: string) => value.trim()),
    z.string().check(z.minLength(1, TOKEN_NAME_RULE)),
  ),
);

/** POST /api/tokens. The upper bound of expiresInDays is the server's setting (TOKEN_MAX_DAYS). */
export const newTokenSchema = z.object({
  account: z.string({ error: "Name the service account the token is for." }),
  name: tokenName,
  expiresInDays: z.optional(
    z
      .number({ error: "expiresInDays must be a number of days" })
      .check(
        z.positive("expiresInDays must be more than 0"),
        z.refine(Number.isFinite, "expiresInDays must be a number of days"),
      ),
  ),
  environments: z.optional(
    z
      .array(z.enum(CATALOGUE_ENVIRONMENTS, { error: "environments may name production and staging" }))
      .check(z.minLength(1, "environments, when given, names at least one environment")),
  ),
});

const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  account: z.string(),
  /** null: every environment. */
  environments: z.nullable(z.array(z.enum(CATALOGUE_ENVIRONMENTS))),
  createdAt: z.string(),
  createdBy: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
  /** The secret's last four characters, to tell tokens apart. */
  hint: z.string(),
});

export const serviceAccountListSchema = z.object({ serviceAccounts: z.array(serviceAccountSchema) });
export const tokenListSchema = z.object({ tokens: z.array(apiTokenSchema) });
/** The creating answer: the only one that holds the secret. */
export const issuedTokenSchema = z.object({ token: apiTokenSchema, secret: z.string() });

export type ServiceAccount = z.output<typeof serviceAccountSchema>;
export type NewServiceAccount = z.output<typeof newServiceAccountSchema>;
export type ApiToken = z.output<typeof apiTokenSchema>;
export type NewToken = z.output<typeof newTokenSchema>;
export type IssuedToken = z.output<typeof issuedTokenSchema>;
