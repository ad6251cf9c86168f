// @ts-check
// `npm run screenshots`: PNGs of every page of the production build, in the light and the dark colour scheme, for the
// README and the staff guide, in docs/screenshots/ (NAME.png and NAME-dark.png). Taken in the system Chromium at
// 1280×800, signed in as an admin (the list also as a viewer), with the embedded production and staging catalogues
// seeded with a handful of pet categories, one import (its preview) and one finished promotion made through the API.
// Env: CHROMIUM_PATH (default /usr/bin/chromium), SCREENSHOTS_PORT.
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { ensureBuild } from "./ensure-build.mjs";
import { createImport, promote, requestPromotion } from "./lib/job-pages.mjs";
import { startApp } from "./lib/standalone-app.mjs";

/** @typedef {import("@playwright/test").Page} Page */
/** @typedef {{ username: string, role: "admin" | "viewer", password: string }} User */

const OUT = "docs/screenshots";
const PORT = Number(process.env.SCREENSHOTS_PORT ?? 3302);
/** @type {User} */
const ADMIN = { username: "alex", role: "admin", password: "screenshots-admin-password" };
/** @type {User} */
const VIEWER = { username: "sam", role: "viewer", password: "screenshots-viewer-password" };
/** The second admin, whose promotion into staging waits for approval. @type {User} */
const REQUESTER = { username: "robin", role: "admin", password: "screenshots-requester-password" };
const CATEGORIES = [
  { name: "dog", description: "Domestic dogs, from toy breeds to working dogs" },
  { name: "cat", description: "Domestic cats, pedigree and moggy" },
  { name: "rabbit", description: "Pet rabbits: dwarf, lop-eared and giant breeds" },
  { name: "guinea pig", description: "Social cavies, best kept in pairs" },
  { name: "budgerigar", description: "Small Australian parakeets" },
  { name: "hamster", description: "Syrian and dwarf hamsters" },
  { name: "goldfish", description: "Coldwater fish for tanks and ponds" },
  { name: "tortoise", description: "Mediterranean and Horsfield's tortoises" },
  { name: "ferret" },
  { name: "canary", description: "Song canaries and colour-bred varieties" },
];
// Staging has what production lacks yet, and one description being reworded: something for Compare to show. The
// first of its own (chinchilla) is promoted before the pictures are taken.
const STAGING = [
  ...CATEGORIES.filter((category) => category.name !== "ferret"),
  { name: "chinchilla", description: "Soft-furred rodents from the Andes" },
  { name: "axolotl", description: "Mexican walking fish, kept in cold water" },
  { name: "bearded dragon", description: "Calm desert lizards for a heated vivarium" },
  { name: "leopard gecko", description: "Small spotted geckos, kept in a dry terrarium" },
].map((category) =>
  category.name === "cat" ? { ...category, description: "Domestic cats of every breed" } : category,
);
// Every kind of preview row: two new, one already in the catalogue, one repeated and one without a name.
const IMPORT_FILE = {
  fileName: "new-pets.csv",
  csv: [
    "name,description",
    "degu,Chilean rodents that live in groups",
    "zebra finch,Small finches that sing and chatter",
    "Dog,Already in the catalogue",
    "degu,Repeated further down the file",
    ",A row without a name",
  ].join("\n"),
};

/**
 * Each picture: the page, who is signed in, and what shows that it is ready (and, for some, what to do first).
 * @type {{ file: string, path: (ids: { importId: string, promotionId: string, requestId: string }) => string, user?: User,
 *   ready: (page: Page) => Promise<unknown>, lightOnly?: boolean }[]}
 */
const SHOTS = [
  { file: "login", path: () => "/login", ready: (page) => enabled(page, "Sign in") },
  { file: "list", path: () => "/categories", user: ADMIN, ready: (page) => cell(page, "guinea pig") },
  {
    file: "viewer",
    path: () => "/categories",
    user: VIEWER,
    ready: (page) => cell(page, "guinea pig"),
    lightOnly: true,
  },
  {
    file: "create-error",
    path: () => "/categories/new",
    user: ADMIN,
    ready: async (page) => {
      await enabled(page, "Create category");
      await page.getByRole("button", { name: "Create category" }).click();
      await page.locator(".field-error").first().waitFor();
    },
  },
  { file: "import", path: () => "/categories/import", user: ADMIN, ready: (page) => link(page, IMPORT_FILE.fileName) },
  {
    file: "import-preview",
    path: ({ importId }) => `/categories/import/${importId}`,
    user: ADMIN,
    ready: (page) => page.getByRole("table").first().waitFor(),
  },
  {
    file: "compare",
    path: () => "/compare",
    user: ADMIN,
    ready: async (page) => {
      // Admins tick what to add to the other environment: two of the three only in staging.
      for (const name of ["axolotl", "leopard gecko"]) await page.getByRole("checkbox", { name, exact: true }).check();
      await enabled(page, "Add 2 to production");
    },
  },
  {
    file: "promotion",
    path: ({ promotionId }) => `/promotions/${promotionId}`,
    user: ADMIN,
    ready: (page) => page.getByRole("table").first().waitFor(),
  },
  { file: "history", path: () => "/history", user: ADMIN, ready: (page) => page.getByRole("table").first().waitFor() },
  {
    file: "requests",
    path: () => "/requests",
    user: ADMIN,
    ready: (page) => page.getByRole("table").first().waitFor(),
  },
  {
    file: "request",
    path: ({ requestId }) => `/requests/${requestId}`,
    user: ADMIN,
    ready: (page) => enabled(page, "Approve…"),
  },
];

ensureBuild();
mkdirSync(OUT, { recursive: true });
const app = await startApp({
  port: PORT,
  users: [ADMIN, VIEWER, REQUESTER],
  categories: CATEGORIES,
  stagingCategories: STAGING,
  name: "screenshots",
  // Staging needs a second admin's approval: robin's promotion of ferret into it waits for alex.
  env: { APPROVAL_REQUIRED_FOR: "staging" },
});
// Playwright itself kills the browser it launched when the script exits or is interrupted.
/** @type {import("@playwright/test").Browser | undefined} */
let browser;
try {
  // One session each, so that History shows what was done rather than a sign-in per picture.
  const cookies = new Map([
    [ADMIN, await app.signIn(ADMIN)],
    [VIEWER, await app.signIn(VIEWER)],
  ]);
  const adminCookie = cookies.get(ADMIN) ?? "";
  const ids = {
    importId: await createImport(app.url, adminCookie, IMPORT_FILE),
    promotionId: await promote(app.url, adminCookie, { from: "staging", to: "production", count: 1 }),
    requestId: await requestPromotion(app.url, await app.signIn(REQUESTER), {
      from: "production",
      to: "staging",
      count: 1,
    }),
  };
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1"],
  });
  for (const shot of SHOTS) {
    for (const colorScheme of shot.lightOnly ? ["light"] : ["light", "dark"]) {
      const cookie = shot.user && cookies.get(shot.user);
      const page = await openPage(browser, cookie, /** @type {"light" | "dark"} */ (colorScheme));
      await page.goto(`${app.url}${shot.path(ids)}`);
      await shot.ready(page);
      await page.waitForLoadState("networkidle");
      const file = `${OUT}/${shot.file}${colorScheme === "dark" ? "-dark" : ""}.png`;
      await page.screenshot({ path: file, animations: "disabled" });
      console.log(file);
      await page.context().close();
    }
  }
} finally {
  await browser?.close();
  await app.stop();
}

/**
 * A page in a context of its own, with the session cookie when one is given.
 * @param {import("@playwright/test").Browser} browser @param {string | undefined} cookie
 * @param {"light" | "dark"} colorScheme
 */
async function openPage(browser, cookie, colorScheme) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    colorScheme,
  });
  if (cookie) {
    const [name = "", value = ""] = cookie.split(/=(.*)/s);
    await context.addCookies([{ name, value, url: app.url }]);
  }
  return context.newPage();
}

/** @param {Page} page @param {string} name */
function cell(page, name) {
  return page.getByRole("cell", { name, exact: true }).waitFor();
}

/** @param {Page} page @param {string} name */
function link(page, name) {
  return page.getByRole("link", { name, exact: true }).first().waitFor();
}

/** Buttons that need the page's scripts are disabled until they run: enabled means hydrated. @param {Page} page @param {string} name */
function enabled(page, name) {
  return page.getByRole("button", { name, exact: true }).and(page.locator(":enabled")).waitFor();
}
