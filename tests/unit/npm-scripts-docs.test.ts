import { readFileSync } from "node:fs";
import { expect, it } from "vitest";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

it("docs/architecture.md's table of npm scripts names every script of package.json", () => {
  const { scripts } = JSON.parse(read("package.json")) as { scripts: Record<string, string> };
  const architecture = read("docs/architecture.md");
  const table = architecture.slice(architecture.indexOf("## npm scripts"), architecture.indexOf("## A request"));
  const named = (script: string) =>
    [`\`npm ${script}\``, `\`npm run ${script}\``, `\`${script}\``].some((form) => table.includes(form));
  expect(Object.keys(scripts).filter((script) => !named(script))).toEqual([]);
});
