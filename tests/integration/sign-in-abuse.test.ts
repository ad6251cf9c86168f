import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, VIEWER, addAccounts } from "../support/auth-fixture";
import { type FakeCatalogue, json, startFakeCatalogue } from "../support/fake-catalogue";
import { type StandaloneApp, signInOverHttp, startStandaloneApp } from "../support/standalone-app";

beforeAll(() => addAccounts());

let fake: FakeCatalogue;

beforeAll(async () => {
  fake = await startFakeCatalogue(() => json(200, [{ id: 1, name: "dog" }]));
});
afterAll(async () => {
  await fake.close();
});

const badSignIn = (app: StandaloneApp, username: string, forwardedFor: string) =>
  fetch(`${app.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
    body: JSON.stringify({ username, password: "wrong-password" }),
  });

describe("a flood of bad sign-ins from many addresses (behind a trusted proxy)", () => {
  let app: StandaloneApp;
  beforeAll(async () => {
    app = await startStandaloneApp({ catalogueUrl: fake.url, env: { TRUSTED_PROXIES: "127.0.0.1" } });
  });
  afterAll(() => app.stop(5_000));

  it("gets 401, 429 or 503 busy, while a signed-in person's list reads answer 200 throughout", async () => {
    const cookie = await signInOverHttp(app.url, ADMIN);
    const floodStatuses = new Map<number, number>();
    let flooding = true;
    let n = 0;
    const flood = Promise.all(
      Array.from({ length: 16 }, async () => {
        while (flooding) {
          n++;
          const response = await badSignIn(app, `nobody-${n}`, `10.9.${(n >> 8) & 255}.${n & 255}`);
          await response.arrayBuffer();
          floodStatuses.set(response.status, (floodStatuses.get(response.status) ?? 0) + 1);
        }
      }),
    );
    // Reads go on until the flood has been refused as busy and ten reads were made in it, however slow the machine.
    const readStatuses: number[] = [];
    const giveUpAt = Date.now() + 25_000;
    while ((readStatuses.length < 10 || !floodStatuses.has(503)) && Date.now() < giveUpAt) {
      const response = await fetch(`${app.url}/api/categories`, { headers: { cookie } });
      await response.arrayBuffer();
      readStatuses.push(response.status);
    }
    flooding = false;
    await flood;

    expect(readStatuses.length).toBeGreaterThanOrEqual(10);
    expect(new Set(readStatuses)).toEqual(new Set([200]));
    expect([...floodStatuses.keys()].every((status) => [401, 429, 503].includes(status))).toBe(true);
    expect(floodStatuses.get(503) ?? 0).toBeGreaterThan(0);
  });
});

describe("X-Forwarded-For from a peer that is not a trusted proxy", () => {
  let app: StandaloneApp;
  beforeAll(async () => {
    app = await startStandaloneApp({ catalogueUrl: fake.url });
  });
  afterAll(() => app.stop(5_000));

  it("is ignored: ten failures claiming ten addresses count against the one socket address", async () => {
    // Wrong passwords for the two fixture accounts (cheap hashes; an unknown user costs a full scrypt), five each:
    // below the limit of either username, so only the one address they share can refuse the next attempt.
    const tried: string[] = [ADMIN.username, VIEWER.username];
    for (let i = 0; i < 10; i++) {
      const username = i % 2 === 0 ? ADMIN.username : VIEWER.username;
      expect((await badSignIn(app, username, `192.0.2.${i}`)).status).toBe(401);
    }
    const refused = await badSignIn(app, "never-tried", "192.0.2.200");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const failed = (await app.auditEntries()).filter(
      (entry) => entry.action === "sign_in_failed" && tried.includes(entry.actor ?? ""),
    );
    expect(failed).toHaveLength(10);
    expect(new Set(failed.map((entry) => entry.details.address))).toEqual(new Set(["127.0.0.1"]));
  });
});
