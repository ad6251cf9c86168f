import { describe, expect, it } from "vitest";
import { claimValue, needsUserinfo, personFrom, roleFor } from "@/lib/server/auth/oidc/person";

const values = { adminValues: ["catalogue-admins", "owners"], viewerValues: ["catalogue-staff"] };
const settings = { ...values, rolesClaim: "groups" };

describe("roleFor", () => {
  it.each([
    ["an admin value as a string", "catalogue-admins", "admin"],
    ["a viewer value as a string", "catalogue-staff", "viewer"],
    ["an array with a viewer value", ["other", "catalogue-staff"], "viewer"],
    ["an array with the second admin value", ["owners"], "admin"],
    ["both: admin wins", ["catalogue-staff", "catalogue-admins"], "admin"],
    ["both, admin first: admin wins", ["catalogue-admins", "catalogue-staff"], "admin"],
  ] as const)("%s", (_, claim, role) => {
    expect(roleFor(claim, values)).toBe(role);
  });

  it.each([
    ["no claim", undefined],
    ["an empty array", []],
    ["other values only", ["everyone", "sales"]],
    ["a comma-joined string is one value", "catalogue-staff,catalogue-admins"],
    ["another case", ["Catalogue-Admins"]],
    ["a number", 7],
    ["an object", { "catalogue-admins": true }],
    ["non-strings in an array", [null, 1, { name: "catalogue-admins" }]],
  ])("no role for %s", (_, claim) => {
    expect(roleFor(claim, values)).toBeUndefined();
  });
});

describe("claimValue", () => {
  it("reads a claim by its exact name, dots and all", () => {
    expect(claimValue({ "https://admin.example.com/roles": ["owners"] }, "https://admin.example.com/roles")).toEqual([
      "owners",
    ]);
  });

  it("reads a nested claim by a dotted path", () => {
    expect(claimValue({ realm_access: { roles: ["catalogue-staff"] } }, "realm_access.roles")).toEqual([
      "catalogue-staff",
    ]);
  });

  it("is undefined for a missing claim or a path through a non-object", () => {
    expect(claimValue({ groups: "x" }, "roles")).toBeUndefined();
    expect(claimValue({ realm_access: "x" }, "realm_access.roles")).toBeUndefined();
    expect(claimValue({}, "constructor")).toBeUndefined();
  });
});

describe("personFrom", () => {
  it("takes the role and name from the ID token", () => {
    const person = personFrom(
      { sub: "u1", name: "Ada Lovelace", preferred_username: "ada", groups: ["catalogue-admins"] },
      undefined,
      settings,
    );
    expect(person).toEqual({ sub: "u1", username: "ada", displayName: "Ada Lovelace", role: "admin" });
  });

  it("takes the role from userinfo when the ID token has no such claim", () => {
    expect(personFrom({ sub: "u1" }, { sub: "u1", groups: "catalogue-staff" }, settings).role).toBe("viewer");
  });

  it("keeps the ID token's roles claim over userinfo's, even when it matches nothing", () => {
    expect(
      personFrom({ sub: "u1", groups: [] }, { sub: "u1", groups: ["catalogue-admins"] }, settings).role,
    ).toBeUndefined();
  });

  it.each([
    [{ name: "Ada Lovelace", preferred_username: "ada", email: "ada@example.com" }, "Ada Lovelace", "ada"],
    [{ preferred_username: "ada", email: "ada@example.com" }, "ada", "ada"],
    [{ email: "ada@example.com" }, "ada@example.com", "ada@example.com"],
    [{ name: "  " }, "u1", "u1"],
    [{}, "u1", "u1"],
  ])("shows name, else preferred_username, else email, else sub: %j", (claims, displayName, username) => {
    expect(personFrom({ sub: "u1", ...claims }, undefined, settings)).toMatchObject({ displayName, username });
  });

  it("cuts a very long name to 200 characters", () => {
    expect(personFrom({ sub: "u1", name: "n".repeat(5_000) }, undefined, settings).displayName).toHaveLength(200);
  });

  it("fills names in from userinfo", () => {
    expect(
      personFrom({ sub: "u1" }, { sub: "u1", name: "Ada Lovelace", email: "ada@example.com" }, settings),
    ).toMatchObject({
      displayName: "Ada Lovelace",
      username: "ada@example.com",
    });
  });
});

describe("needsUserinfo", () => {
  it("asks userinfo only when the ID token lacks the roles claim or every name", () => {
    expect(needsUserinfo({ sub: "u1", groups: [], email: "ada@example.com" }, "groups")).toBe(false);
    expect(needsUserinfo({ sub: "u1", email: "ada@example.com" }, "groups")).toBe(true);
    expect(needsUserinfo({ sub: "u1", groups: ["catalogue-staff"] }, "groups")).toBe(true);
  });
});
