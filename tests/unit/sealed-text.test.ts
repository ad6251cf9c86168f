import { describe, expect, it } from "vitest";
import { openText, sealText } from "@/lib/server/auth/sealed-text";

const SECRET = "a-session-secret-of-at-least-32-characters";
const TEXT = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJl";
// TEXT sealed under SECRET by the hand-made format used before jose; sessions stored then hold this form.
const EARLIER_FORMAT =
  "v1.9JT7I9C1tdOpBO4G.nB3R_zEDRDnB4Lj4YuugwMOFlRLaE2AwA30IoTTFFfsR_f_zHJwuPAGfTGLlbT8bwzHUSA.3zXgzCn0_qV2nJj69b1s1Q";

function flipOneCharacter(sealed: string, part: number): string {
  const parts = sealed.split(".");
  const chars = [...(parts[part] ?? "")];
  chars[0] = chars[0] === "A" ? "B" : "A";
  parts[part] = chars.join("");
  return parts.join(".");
}

describe("sealText / openText", () => {
  it("opens what it sealed, and the sealed form holds no part of the text", async () => {
    const sealed = await sealText("oidc-id-token", TEXT, SECRET);
    for (const part of TEXT.split(".")) expect(sealed).not.toContain(part);
    expect(await openText("oidc-id-token", sealed, SECRET)).toBe(TEXT);
  });

  it("is a compact JWE with a direct key and AES-256-GCM", async () => {
    const [header, key, ...rest] = (await sealText("oidc-id-token", TEXT, SECRET)).split(".");
    expect(JSON.parse(Buffer.from(header ?? "", "base64url").toString())).toEqual({ alg: "dir", enc: "A256GCM" });
    expect([key, rest.length]).toEqual(["", 3]);
  });

  it("seals the same text differently every time (a fresh IV)", async () => {
    expect(await sealText("oidc-id-token", TEXT, SECRET)).not.toBe(await sealText("oidc-id-token", TEXT, SECRET));
  });

  it.each([
    ["the header", 0],
    ["the IV", 2],
    ["the ciphertext", 3],
    ["the tag", 4],
  ])("refuses a sealed text whose %s was altered", async (_, part) => {
    const altered = flipOneCharacter(await sealText("oidc-id-token", TEXT, SECRET), part);
    expect(await openText("oidc-id-token", altered, SECRET)).toBeUndefined();
  });

  it("refuses a text sealed for another purpose or under another secret", async () => {
    const sealed = await sealText("oidc-flow-cookie", TEXT, SECRET);
    expect(await openText("oidc-id-token", sealed, SECRET)).toBeUndefined();
    expect(await openText("oidc-flow-cookie", sealed, `${SECRET}-rotated`)).toBeUndefined();
  });

  it("refuses a text in the earlier format, so a session from before it ends without an ID token", async () => {
    expect(await openText("oidc-id-token", EARLIER_FORMAT, SECRET)).toBeUndefined();
  });

  it.each(["", "....", "a.b.c.d.e", "not sealed at all", "eyJhbGciOiJub25lIn0.e30."])(
    "refuses garbage: %j",
    async (garbage) => {
      expect(await openText("oidc-id-token", garbage, SECRET)).toBeUndefined();
    },
  );

  it("refuses a sealed text with a part added", async () => {
    const sealed = await sealText("oidc-id-token", TEXT, SECRET);
    expect(await openText("oidc-id-token", `${sealed}.extra`, SECRET)).toBeUndefined();
  });
});
