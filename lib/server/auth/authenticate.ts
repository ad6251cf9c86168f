import "server-only";
import type { SessionUser } from "./roles";
import { readSessionToken } from "./session-cookie";
import { readSession } from "./session-store";

type HeaderSource = Pick<Headers, "get">;

export async function sessionUser(headers: HeaderSource): Promise<SessionUser | undefined> {
  const token = readSessionToken(headers as Headers);
  return token ? readSession(token) : undefined;
}
