// @ts-check
// `npm run screenshots`: PNGs of the production build for the README, in docs/screenshots/, taken in the system
// Chromium at 1280×800 with the embedded production and staging catalogues seeded with a handful of pet categories.
// Env: CHROMIUM_PATH (default /usr/bin/chromium), SCREENSHOTS_PORT.
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { ensureBuild } from "./ensure-build.mjs";
import { startApp } from "./lib/standalone-app.mjs";

const OUT = "docs/screenshots";
const PORT = Number(process.env.SCREENSHOTS_PORT ?? 3302);
const ADMIN = { username: "alex", role: /** @type {const} */ ("admin"), password: "screenshots-admin-password" };
const VIEWER = { username: "sam", role: /** @type {const} */ ("viewer"), password: "screenshots-viewer-password" };
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

ensureBuild();
mkdirSync(OUT, { recursive: true });
// Staging has what production lacks yet, and one description being reworded: something for Compare to show.
const STAGING = [
  ...CATEGORIES.filter((category) => category.name !== "ferret"),
  { name: "axolotl", description: "Mexican walking fish, kept in cold water" },
  { name: "bearded dragon", description: "Calm desert lizards for a heated vivarium" },
  { name: "chinchilla", description: "Soft-furred rodents from the Andes" },
].map((category) =>
  category.name === "cat" ? { ...category, description: "Domestic cats of every breed" } : category,
);
const app = await startApp({
  port: PORT,
  users: [ADMIN, VIEWER],
  categories: CATEGORIES,
  stagingCategories: STAGING,
  name: "screenshots",
});
// Playwright itself kills the browser it launched when the script exits or is interrupted.
/** @type {import("@playwright/test").Browser | undefined} */
let browser;
try {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1"],
  });
  const admin = await signedInPage(browser, ADMIN, "light");
  await admin.goto(`${app.url}/categories`);
  await shoot(admin, "list.png");

  await admin.goto(`${app.url}/categories/new`);
  await admin.getByRole("button", { name: "Create category" }).click();
  await admin.locator(".field-error").first().waitFor();
  await shoot(admin, "create-error.png", false);

  await shoot(await signedInPage(browser, VIEWER, "light", "/categories"), "viewer.png");
  await shoot(await signedInPage(browser, ADMIN, "dark", "/categories"), "list-dark.png");

  const compare = await signedInPage(browser, ADMIN, "light", "/compare");
  await compare.getByRole("cell", { name: "axolotl", exact: true }).waitFor();
  await shoot(compare, "compare.png", false);
} finally {
  await browser?.close();
  await app.stop();
}

/**
 * A page in a context of its own, signed in through the API with the session cookie added to the context.
 * @param {import("@playwright/test").Browser} browser @param {typeof ADMIN | typeof VIEWER} user
 * @param {"light" | "dark"} colorScheme @param {string} [path] opened when given
 */
async function signedInPage(browser, user, colorScheme, path) {
  const [name = "", value = ""] = (await app.signIn(user)).split(/=(.*)/s);
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    colorScheme,
  });
  await context.addCookies([{ name, value, url: app.url }]);
  const page = await context.newPage();
  if (path) await page.goto(`${app.url}${path}`);
  return page;
}

/**
 * Waits until the list (when there is one) shows the seeded rows and the page is idle, then saves the viewport.
 * @param {import("@playwright/test").Page} page @param {string} file @param {boolean} [list]
 */
async function shoot(page, file, list = true) {
  if (list) await page.getByRole("cell", { name: "guinea pig", exact: true }).waitFor();
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `${OUT}/${file}`, animations: "disabled" });
  console.log(`${OUT}/${file}`);
}
