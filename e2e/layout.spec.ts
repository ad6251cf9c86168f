import type { Locator, Page } from "@playwright/test";
import { instanceUrl } from "./support/constants";
import { createButton, dataRows, expect, fillNewCategory, test } from "./support/fixtures";

/** How far the page is wider than the window; 0 when there is no horizontal scroll. */
function horizontalOverflow(page: Page): Promise<number> {
  // Negative in headless Chromium: its scrollbars are hidden, but the gutter the page keeps for one is not.
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth));
}

function motionOf(target: Locator): Promise<{ animation: string; transition: string }> {
  return target.evaluate((element) => {
    const style = getComputedStyle(element);
    return { animation: style.animationName, transition: style.transitionDuration };
  });
}

test.describe("on a 360 px wide phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test.describe("signed out", () => {
    test.use({ signedInAs: null });

    test("/login has no horizontal scroll", async ({ page }) => {
      await page.goto("/login");
      await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();

      expect(await horizontalOverflow(page)).toBe(0);
    });
  });

  test("/categories has no horizontal scroll, its table's wrapper can be scrolled from the keyboard, and at 320 px (1280 px at 400 % zoom) the table still fits without scrolling", async ({
    page,
  }) => {
    await page.goto("/categories");
    await expect(page.getByRole("cell", { name: "dog", exact: true })).toBeVisible();

    expect(await horizontalOverflow(page)).toBe(0);
    // axe's scrollable-region-focusable: whenever the table is wider than the screen (large text, zoom), a keyboard
    // user must be able to scroll it, so its wrapper is always a focusable, named region.
    const wrapper = page.getByRole("region", { name: "Categories table" });
    await expect(wrapper).toHaveAttribute("tabindex", "0");

    // Narrowed in place, as zooming in does: the layout is CSS alone, so it answers the new width as it would on load.
    await page.setViewportSize({ width: 320, height: 740 });
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await page.locator(".table-scroll").evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(
      0,
    );
  });

  test("/categories/new has no horizontal scroll", async ({ page }) => {
    await page.goto("/categories/new");
    await expect(createButton(page)).toBeVisible();

    expect(await horizontalOverflow(page)).toBe(0);
  });
});

// One page in both schemes: the colours come from a prefers-color-scheme media query, which answers each switch.
test("the page background follows the light and the dark scheme", async ({ page }) => {
  await page.goto("/categories");

  // Light: a white page with dark text. Dark: a near-black page with light text.
  for (const [colorScheme, background, text] of [
    ["light", "rgb(255, 255, 255)", "rgb(27, 31, 36)"],
    ["dark", "rgb(17, 20, 24)", "rgb(232, 234, 237)"],
  ] as const) {
    await page.emulateMedia({ colorScheme });
    const colours = await page.locator("body").evaluate((body) => {
      const style = getComputedStyle(body);
      return [style.backgroundColor, style.color];
    });
    expect(colours, `body colours in the ${colorScheme} scheme`).toEqual([background, text]);
  }
});

test.describe("motion", () => {
  // The fake catalogue confirms any create without keeping it, so these tests add nothing to a shared list.
  test.use({ baseURL: instanceUrl("faulty") });

  /** Creates a category so the announcement toast shows, and marks a row as the new-row highlight does. */
  async function showToastAndHighlight(page: Page, name: string): Promise<{ toast: Locator; row: Locator }> {
    await fillNewCategory(page, name);
    await createButton(page).click();
    const toast = page.getByRole("status").filter({ hasText: `Created ${name}` });
    await expect(toast).toBeVisible();
    const row = dataRows(page).first();
    // The class the list puts on a newly created row; set here so the test checks the style whoever sets it.
    await row.evaluate((element) => element.classList.add("row-highlight"));
    return { toast, row };
  }

  test("the toast slides in and a new row's highlight fades out; with reduced motion they neither animate nor transition, and the highlight stays visible", async ({
    page,
    uniqueName,
  }) => {
    const { toast, row } = await showToastAndHighlight(page, uniqueName);

    expect((await motionOf(toast)).animation).not.toBe("none");
    expect((await motionOf(row)).animation).not.toBe("none");

    // Switched on the same page: the motion rules are a prefers-reduced-motion media query, which answers each switch.
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await motionOf(toast)).toEqual({ animation: "none", transition: "0s" });
    expect(await motionOf(row)).toEqual({ animation: "none", transition: "0s" });
    const background = await row.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).not.toBe("rgba(0, 0, 0, 0)");
  });
});
