// Every test checks that its page met no Content Security Policy violation (the noPolicyViolations fixture).
import { nonceOf } from "./support/content-security-policy";
import { expect, test } from "./support/fixtures";

test("the CSP nonce is new on every load", async ({ request }) => {
  const first = nonceOf(await request.get("/categories"));
  const second = nonceOf(await request.get("/categories"));

  expect(second).not.toBe(first);
});

test("every script in a page's HTML carries that response's nonce", async ({ request }) => {
  const response = await request.get("/categories");
  const nonce = nonceOf(response);

  const scriptTags = (await response.text()).match(/<script\b[^>]*>/g) ?? [];

  expect(scriptTags.length).toBeGreaterThan(0);
  expect(scriptTags.filter((tag) => !tag.includes(`nonce="${nonce}"`))).toEqual([]);
});
