import { describe, expect, it, vi } from "vitest";
import { stubAppEnv } from "../support/app-env";

const flow = {
  codeVerifier: "verifier-0123456789abcdefghijklmnopqrstuvwxyzABC",
  state: "state-value-123",
  nonce: "nonce-value-456",
  next: "/categories/new",
};

async function load(appOrigin = "http://admin.test") {
  stubAppEnv({ APP_ORIGIN: appOrigin });
  return import("@/lib/server/auth/oidc/flow-cookie");
}

/** The request headers a browser sends back with the cookie a Set-Cookie line made. */
function sentBack(setCookie: string): Headers {
  return new Headers({ cookie: setCookie.split(";")[0] ?? "" });
}

describe("the sign-in flow cookie", () => {
  it("comes back as the flow it was made from", async () => {
    const { flowCookie, readFlow } = await load();
    expect(await readFlow(sentBack(await flowCookie(new Headers(), flow)))).toEqual(flow);
  });

  it("is HttpOnly, SameSite=Lax, short-lived, and holds none of the flow's values in the clear", async () => {
    const { flowCookie, FLOW_MAX_AGE_SECONDS } = await load();
    const cookie = await flowCookie(new Headers(), flow);
    expect(cookie).toMatch(
      new RegExp(`^categories_oidc=[^;]+; Path=/; Max-Age=${FLOW_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax$`),
    );
    expect(FLOW_MAX_AGE_SECONDS).toBeLessThanOrEqual(600);
    for (const value of Object.values(flow)) expect(cookie).not.toContain(value);
    expect(Buffer.from(cookie.split("=")[1]?.split(";")[0] ?? "", "base64url").toString("latin1")).not.toContain(
      flow.codeVerifier,
    );
  });

  it("over https is Secure and named __Host-", async () => {
    const { flowCookie, readFlow } = await load("https://admin.example.com");
    const cookie = await flowCookie(new Headers(), flow);
    expect(cookie).toMatch(/^__Host-categories_oidc=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/);
    expect(await readFlow(sentBack(cookie))).toEqual(flow);
  });

  it("is refused once altered", async () => {
    const { flowCookie, readFlow } = await load();
    const [name, value = ""] = ((await flowCookie(new Headers(), flow)).split(";")[0] ?? "").split("=");
    // A compact JWE: header, key (empty), IV, ciphertext, tag.
    const parts = value.split(".");
    const ciphertext = [...(parts[3] ?? "")];
    ciphertext[3] = ciphertext[3] === "A" ? "B" : "A";
    parts[3] = ciphertext.join("");
    expect(await readFlow(new Headers({ cookie: `${name}=${parts.join(".")}` }))).toBeUndefined();
  });

  it("is refused when made under another session secret", async () => {
    const { flowCookie } = await load();
    const cookie = await flowCookie(new Headers(), flow);
    vi.stubEnv("SESSION_SECRET", "another-session-secret-of-32-characters!");
    vi.resetModules();
    const { readFlow } = await import("@/lib/server/auth/oidc/flow-cookie");
    expect(await readFlow(sentBack(cookie))).toBeUndefined();
  });

  it("is refused after its maximum age, even if the browser kept it", async () => {
    const { flowCookie, readFlow, FLOW_MAX_AGE_SECONDS } = await load();
    const madeAt = Date.now();
    const cookie = await flowCookie(new Headers(), flow, madeAt);
    expect(await readFlow(sentBack(cookie), madeAt + FLOW_MAX_AGE_SECONDS * 1000 - 1)).toEqual(flow);
    expect(await readFlow(sentBack(cookie), madeAt + FLOW_MAX_AGE_SECONDS * 1000)).toBeUndefined();
  });

  it("is refused when missing, empty or not sealed", async () => {
    const { readFlow } = await load();
    expect(await readFlow(new Headers())).toBeUndefined();
    expect(await readFlow(new Headers({ cookie: "categories_oidc=" }))).toBeUndefined();
    expect(
      await readFlow(
        new Headers({ cookie: `categories_oidc=${Buffer.from(JSON.stringify(flow)).toString("base64url")}` }),
      ),
    ).toBeUndefined();
  });

  it("is cleared with Max-Age=0", async () => {
    const { clearedFlowCookie } = await load();
    expect(clearedFlowCookie(new Headers())).toBe("categories_oidc=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax");
  });
});
