import { readApiResponse, sendApiRequest } from "@/lib/http/api-client";
import type { Login } from "./login-schema";

/** Browser side of /api/auth: resolves on success, throws an AppError otherwise. */
export async function signIn(credentials: Login): Promise<void> {
  const response = await sendApiRequest("/api/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(credentials),
  });
  await readApiResponse(response);
}

export async function signOut(): Promise<void> {
  await readApiResponse(await sendApiRequest("/api/auth/logout", { method: "POST" }));
}
