import { readApiResponse, sendApiRequest } from "@/lib/browser/api-client";
import type { Login } from "@/lib/shared/login-schema";

export async function signIn(credentials: Login): Promise<void> {
  const response = await sendApiRequest("/api/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(credentials),
  });
  await readApiResponse(response);
}
