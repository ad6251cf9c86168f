import type { Page, Route } from "@playwright/test";

const SCRIPTS = /\/_next\/static\/chunks\/.+\.js$/;

/** Holds back the page's scripts, so what follows happens on the server's HTML alone, until `release()`. */
export async function holdScripts(page: Page): Promise<{ release: () => Promise<void> }> {
  const held: Route[] = [];
  await page.route(SCRIPTS, (route) => void held.push(route));
  return {
    release: async () => {
      await page.unroute(SCRIPTS);
      // A route whose page has gone (the test navigated meanwhile) cannot be continued, and need not be.
      await Promise.all(held.map((route) => route.continue().catch(() => undefined)));
    },
  };
}
