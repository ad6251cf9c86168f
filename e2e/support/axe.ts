import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import { type Page, expect } from "@playwright/test";

// The axe-core that @axe-core/playwright injects (another copy, of another version, sits at the top of node_modules).
const requireFromAxePlaywright = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"));
const axeCore = requireFromAxePlaywright("axe-core") as { getRules(): { ruleId: string }[] };

type Violation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

/**
 * Every rule this axe-core has, including those it leaves off by default: AAA contrast, target size,
 * experimental and deprecated rules. Naming them all (runOnly by rule) is what turns those on.
 */
const ALL_AXE_RULES: readonly string[] = axeCore.getRules().map((rule) => rule.ruleId);

/** One line per failing element, so a failure says what to fix without opening the trace. */
function describe(violations: readonly Violation[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact ?? "no impact"}): ${violation.help} at ${node.target.join(" ")}: ${node.failureSummary ?? ""}`,
    ),
  );
}

/** Runs every axe rule on the whole page as it is now and fails on any violation, whatever its impact. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // Legacy mode runs axe in the page itself instead of merging each frame's results in a new blank page, which took
  // half of each run; the results are the same, and it checks every same-origin frame too. Only cross-origin frames
  // would go unchecked, and the pages' CSP (default-src 'self') allows none.
  const results = await new AxeBuilder({ page })
    .withRules([...ALL_AXE_RULES])
    .setLegacyMode()
    .analyze();
  const ran = [results.passes, results.violations, results.incomplete, results.inapplicable].flat().map(({ id }) => id);
  expect(new Set(ran).size, "axe ran every rule").toBe(ALL_AXE_RULES.length);
  expect(describe(results.violations), `axe violations on ${page.url()}`).toEqual([]);
}

/** expectNoAxeViolations in the light and then the dark scheme, on the page as it is: contrast differs by scheme. */
export async function expectNoAxeViolationsInEitherScheme(page: Page): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page);
  }
}
