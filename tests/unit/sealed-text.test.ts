import { describe, expect, it } from "vitest";
import { openText, sealText } from "@/lib/server/auth/sealed-text";

const SECRET = "a-session-secret-of-at-least-32-characters";
const TEXT = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJl";

function flipOneCharacter(sealed: string, part: number): string {
  const parts = sealed.split(".");
  const chars = [...(parts[part] ?? "")];
  chars[0] = chars[0] === "A" ? "B" : "A";
  parts[part] = chars.join("");
  return parts.join(".");
}

describe("sealText / openText", () => {
  it("opens what it sealed, and the sealed form does not contain the text", () => {
    const sealed = sealText("oidc-id-token", TEXT, SECRET);
    expect(sealed).not.toContain(TEXT);
    expect(sealed).not.toContain("eyJ");
    expect(openText("oidc-id-token", sealed, SECRET)).toBe(TEXT);
  });

  it("seals the same text differently every time (a fresh IV)", () => {
    expect(sealText("oidc-id-token", TEXT, SECRET)).not.toBe(sealText("oidc-id-token", TEXT, SECRET));
  });

  it.each([
    ["the IV", 1],
    ["the ciphertext", 2],
    ["the tag", 3],
  ])("refuses a sealed text whose %s was altered", (_, part) => {
    expect(
      openText("oidc-id-token", flipOneCharacter(sealText("oidc-id-token", TEXT, SECRET), part), SECRET),
    ).toBeUndefined();
  });

  it("refuses a text sealed for another purpose or under another secret", () => {
    const sealed = sealText("oidc-flow-cookie", TEXT, SECRET);
    expect(openText("oidc-id-token", sealed, SECRET)).toBeUndefined();
    expect(openText("oidc-flow-cookie", sealed, `${SECRET}-rotated`)).toBeUndefined();
  });

  it.each(["", "v1", "v1...", "v2.a.b.c", "not sealed at all", `${sealText("oidc-id-token", TEXT, SECRET)}.extra`])(
    "refuses garbage: %j",
    (garbage) => {
      expect(openText("oidc-id-token", garbage, SECRET)).toBeUndefined();
    },
  );
});
