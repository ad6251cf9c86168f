import { type APIResponse, expect } from "@playwright/test";

/** The policy's directives by name, e.g. "script-src" → ["'self'", "'nonce-…'"]. */
export function policyOf(response: APIResponse): Map<string, string[]> {
  const policy = response.headers()["content-security-policy"];
  expect(policy, "a Content-Security-Policy header").toBeTruthy();
  return new Map(
    (policy ?? "")
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = "", ...values]) => [name, values]),
  );
}

export function nonceOf(response: APIResponse): string {
  const nonce = policyOf(response)
    .get("script-src")
    ?.map((source) => /^'nonce-(.+)'$/.exec(source)?.[1])
    .find(Boolean);
  expect(nonce, "script-src has a nonce").toBeTruthy();
  return nonce as string;
}
