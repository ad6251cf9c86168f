import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { startCatalogue } from "../../scripts/dev-catalogue/start-catalogue.mjs";
import { addAccounts } from "./auth-fixture";
import { APP_API_KEY, type StandaloneApp, startStandaloneApp } from "./standalone-app";
import { tempFiles } from "./temp-files";

/**
 * The catalogue's list at the start; the description is text no test creates, so a page that lists it is easy to
 * tell.
 */
export const SEEDED_CATEGORY = { id: "1", name: "dog", description: "Domestic dogs" };

export type AppUnderTest = {
  server: StandaloneApp;
  catalogueUrl: string;
  /** fetch() of a path on the app, redirects not followed; every response is kept for the leak check. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /**
   * Signs in through POST /api/auth/login (no Origin, as a browser's same-origin fetch); returns the Cookie header
   * value.
   */
  signIn(user: { username: string; password: string }): Promise<string>;
  /** The names the catalogue service holds, asked with its key past the app. */
  catalogueNames(): Promise<string[]>;
  /** Headers and body of each response request() received, as text. */
  responses(): Promise<string[]>;
  stop(): Promise<void>;
};

/**
 * The built server (tests/support/standalone-app.ts) on the real embedded catalogue service, seeded with one category,
 * and the test file's database holding ADMIN and VIEWER.
 */
export async function startAppUnderTest(env: Record<string, string> = {}): Promise<AppUnderTest> {
  const files = tempFiles();
  const dataFile = join(await files.dir("catalogue-"), "catalogue.json");
  await writeFile(dataFile, JSON.stringify({ categories: [SEEDED_CATEGORY] }));
  const catalogue = await startCatalogue({ dataFile, apiKey: APP_API_KEY });
  let server: StandaloneApp;
  try {
    await addAccounts();
    server = await startStandaloneApp({ catalogueUrl: catalogue.url, env });
  } catch (error) {
    await catalogue.stop();
    await files.remove();
    throw error;
  }

  const seen: Promise<string>[] = [];
  const request = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${server.url}${path}`, { redirect: "manual", ...init });
    seen.push(
      response
        .clone()
        .text()
        .then((body) => `${JSON.stringify([...response.headers])}\n${body}`),
    );
    return response;
  };
  return {
    server,
    catalogueUrl: catalogue.url,
    request,
    async signIn({ username, password }) {
      const response = await request("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username, password }),
      });
      if (response.status !== 204)
        throw new Error(`sign-in of ${username} failed with ${response.status}: ${await response.text()}`);
      return (response.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
    },
    async catalogueNames() {
      const response = await fetch(`${catalogue.url}/categories`, {
        headers: { authorization: `Bearer ${APP_API_KEY}` },
      });
      if (response.status !== 200) throw new Error(`the catalogue answered its list with ${response.status}`);
      return ((await response.json()) as { name: string }[]).map(({ name }) => name);
    },
    responses: () => Promise.all(seen),
    async stop() {
      await server.stop(5_000);
      await catalogue.stop();
      await files.remove();
    },
  };
}
