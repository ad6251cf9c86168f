import { describe, expect, it } from "vitest";
import { json, startFakeCatalogue } from "../support/fake-catalogue";
import { startStandaloneApp } from "../support/standalone-app";

describe("settings of the versions before the database", () => {
  it("AUTH_USERS_FILE and AUDIT_FILE are not read, IMPORT_RUN_SECONDS is renamed: a warning line each, and it serves", async () => {
    const fake = await startFakeCatalogue(() => json(200, []));
    const app = await startStandaloneApp({
      catalogueUrl: fake.url,
      env: { AUTH_USERS_FILE: "/nowhere/users.json", AUDIT_FILE: "/nowhere/audit.jsonl", IMPORT_RUN_SECONDS: "20" },
    });
    try {
      const warnings = app.logLines().filter((line) => line.event === "setting_ignored");
      expect(warnings.map((line) => line.setting).sort()).toEqual(["AUDIT_FILE", "AUTH_USERS_FILE"]);
      expect(warnings.every((line) => line.level === "warn" && String(line.message).includes("no longer read"))).toBe(
        true,
      );
      // Renamed, and still read: one line says so.
      const renamed = app.logLines().filter((line) => line.event === "setting_renamed");
      expect(renamed).toEqual([
        expect.objectContaining({ level: "warn", setting: "IMPORT_RUN_SECONDS", now: "JOB_LEASE_SECONDS" }),
      ]);
      expect((await fetch(`${app.url}/api/health`)).status).toBe(200);
    } finally {
      await app.stop();
      await fake.close();
    }
  });
});
