import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { configSchema } from "@/lib/node/config-schema.mjs";

// docs/configuration.md against lib/node/config-schema.mjs: every setting of the page's tables is in the schema with the
// page's default, and every setting of the schema is on the page. Only the section "Read outside the settings check"
// lists settings the schema does not read (npm start's, Next's, the tracing SDK's); none of them may be in the schema.
const OUTSIDE = "Read outside the settings check";

// Defaults that the schema cannot hold, each applied in one place of the code: the page states them all the same.
const APPLIED_ELSEWHERE: Record<string, { value: string; why: string }> = {
  CATALOGUE_ENVIRONMENT: { value: "production", why: "config.ts: with the pair settings it must not be set at all" },
  PORT: { value: "3000", why: "Next's standalone server and npm start listen on it; the schema only checks it" },
  JOB_LEASE_SECONDS: { value: "10", why: "config.ts: unset, its old name IMPORT_RUN_SECONDS is read first" },
};

type Row = { name: string; section: string; defaultCell: string };

function rowsOf(markdown: string): Row[] {
  let section = "";
  const rows: Row[] = [];
  for (const line of markdown.split("\n")) {
    const heading = /^## (.+)$/.exec(line);
    if (heading) section = heading[1] ?? "";
    const cells = /^\|(.*)\|$/.exec(line.trim())?.[1]?.split(" | ");
    const name = /^`([A-Z][A-Z0-9_]*)`$/.exec(cells?.[0]?.trim() ?? "")?.[1];
    if (name) rows.push({ name, section, defaultCell: cells?.[1]?.trim() ?? "" });
  }
  return rows;
}

/** `value` is a default; _(words)_ says what happens when unset, and means no default. */
function documentedDefault({ name, defaultCell }: Row): string | undefined {
  const code = /^`([^`]+)`$/.exec(defaultCell);
  if (code) return code[1];
  if (/^_\(.+\)_$/.test(defaultCell)) return undefined;
  throw new Error(`${name}: write its default as \`value\`, or as _(what happens when unset)_, not "${defaultCell}"`);
}

function schemaDefault(name: string): string | undefined {
  const setting = configSchema.shape[name as keyof typeof configSchema.shape];
  const parsed: unknown = setting.parse(undefined);
  return parsed === undefined ? undefined : Array.isArray(parsed) ? parsed.join(",") : String(parsed);
}

const rows = rowsOf(readFileSync(new URL("../../docs/configuration.md", import.meta.url), "utf8"));
const inSchema = new Set(Object.keys(configSchema.shape));
const checked = rows.filter((row) => row.section !== OUTSIDE);

describe("docs/configuration.md and the settings' schema", () => {
  it("finds the page's tables", () => {
    expect(checked.length).toBeGreaterThan(40);
    expect(rows.some((row) => row.section === OUTSIDE)).toBe(true);
  });

  it("lists each setting once", () => {
    const names = rows.map((row) => row.name);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it("documents every setting of the schema in a table of its own sections", () => {
    const documented = new Set(checked.map((row) => row.name));
    expect([...inSchema].filter((name) => !documented.has(name))).toEqual([]);
  });

  it(`documents in its tables only settings the schema reads, and under "${OUTSIDE}" only ones it does not`, () => {
    expect(checked.filter((row) => !inSchema.has(row.name)).map((row) => row.name)).toEqual([]);
    const outside = rows.filter((row) => row.section === OUTSIDE).map((row) => row.name);
    expect(outside.filter((name) => inSchema.has(name))).toEqual([]);
  });

  const shared = checked.filter((row) => inSchema.has(row.name));
  it.each(shared.map((row) => [row.name, row] as const))("%s: the page's default is the schema's", (name, row) => {
    const elsewhere = APPLIED_ELSEWHERE[name];
    if (elsewhere) {
      expect(schemaDefault(name), `${name}'s default is applied outside the schema (${elsewhere.why})`).toBe(undefined);
      expect(documentedDefault(row)).toBe(elsewhere.value);
    } else {
      expect(documentedDefault(row)).toBe(schemaDefault(name));
    }
  });
});

describe(".env.example and the settings' schema", () => {
  const example = readFileSync(new URL("../../.env.example", import.meta.url), "utf8");
  const named = [...example.matchAll(/^# ?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1] ?? "");
  // An old name, still read, that the example should not teach.
  const oldNames = new Set(["IMPORT_RUN_SECONDS"]);

  it("shows every setting of the schema", () => {
    expect([...inSchema].filter((name) => !oldNames.has(name) && !named.includes(name))).toEqual([]);
  });

  it("shows only settings the app reads: the schema's, or the page's read outside it", () => {
    const outside = new Set(rows.filter((row) => row.section === OUTSIDE).map((row) => row.name));
    expect(named.filter((name) => !inSchema.has(name) && !outside.has(name))).toEqual([]);
  });
});
