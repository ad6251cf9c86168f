import { type APIResponse, expect } from "@playwright/test";
import { policyDirectives } from "../../tests/support/policy-directives";

function policyOf(response: APIResponse): Map<string, string[]> {
  const policy = response.headers()["content-security-policy"];
  expect(policy, "a Content-Security-Policy header").toBeTruthy();
  return policyDirectives(policy ?? "");
}

export function nonceOf(response: APIResponse): string {
  const nonce = policyOf(response)
    .get("script-src")
    ?.map((source) => /^'nonce-(.+)'$/.exec(source)?.[1])
    .find(Boolean);
  expect(nonce, "script-src has a nonce").toBeTruthy();
  return nonce as string;
}
