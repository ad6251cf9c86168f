import { readApiResponse, sendApiJson } from "@/lib/browser/api-client";
import type { Login } from "@/lib/shared/login-schema";

export async function signIn(credentials: Login): Promise<void> {
  await readApiResponse(await sendApiJson("/api/auth/login", credentials));
}
