import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { type Role, type SessionUser, hasRole } from "./roles";
import { readSessionToken } from "./session-cookie";
import { readSession } from "./session-store";

type HeaderSource = Pick<Headers, "get">;

/** The signed-in person for these request headers. Only the cookie counts; no other header can claim an identity. */
export async function sessionUser(headers: HeaderSource): Promise<SessionUser | undefined> {
  const token = readSessionToken(headers as Headers);
  return token ? readSession(token) : undefined;
}

/** For route handlers: the user, or a 401 unauthenticated / 403 forbidden Error. */
export async function requireApiUser(request: Request, role: Role): Promise<SessionUser> {
  const user = await sessionUser(request.headers);
  if (!user) throw new AppError(401, "unauthenticated", "Sign in to continue.");
  if (!hasRole(user, role)) throw new AppError(403, "forbidden", `Your role (${user.role}) does not allow this.`);
  return user;
}
