import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "../..");
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(entry) ? [path] : [];
  });
}

function localImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  // Up to the statement's end: a quote further on (`export type T = …; … split(".")`) is no module name.
  return [...text.matchAll(/^(?:import|export)[^"';]*["']([^"']+)["']/gm)]
    .map((match) => match[1] ?? "")
    .filter((spec) => spec.startsWith("@/") || spec.startsWith("."))
    .map((spec) => (spec.startsWith("@/") ? join(ROOT, spec.slice(2)) : resolve(dirname(file), spec)))
    .map((base) => [".ts", ".tsx", "/index.ts"].map((ext) => base + ext).find(existsSync) ?? base);
}

const isServerOnly = (file: string) => readFileSync(file, "utf8").startsWith('import "server-only";');

describe("server/client boundary", () => {
  it("marks every TypeScript module under lib/server server-only, so a client import fails the build", () => {
    const server = sourceFiles(join(ROOT, "lib/server"));
    expect(server.length).toBeGreaterThan(40);
    expect(server.filter((file) => !isServerOnly(file)).map((file) => relative(ROOT, file))).toEqual([]);
  });

  it("keeps server-only out of lib/browser and lib/shared, and lib/shared free of either side", () => {
    const elsewhere = [...sourceFiles(join(ROOT, "lib/browser")), ...sourceFiles(join(ROOT, "lib/shared"))];
    expect(elsewhere.filter(isServerOnly).map((file) => relative(ROOT, file))).toEqual([]);
    const sideImports = sourceFiles(join(ROOT, "lib/shared")).flatMap((file) =>
      localImports(file)
        .filter((target) => /\/lib\/(server|browser)\//.test(target))
        .map((target) => `${relative(ROOT, file)} -> ${relative(ROOT, target)}`),
    );
    expect(sideImports).toEqual([]);
  });

  it("lets no client component reach a server-only module through its imports", () => {
    const clientEntries = [...sourceFiles(join(ROOT, "app")), ...sourceFiles(join(ROOT, "components"))].filter((file) =>
      /^["']use client["']/.test(readFileSync(file, "utf8")),
    );
    expect(clientEntries.length).toBeGreaterThan(2);
    const seen = new Set<string>();
    const reachable = (file: string): string[] => {
      if (seen.has(file) || !existsSync(file)) return [];
      seen.add(file);
      return isServerOnly(file) ? [relative(ROOT, file)] : localImports(file).flatMap(reachable);
    };
    expect(clientEntries.flatMap(reachable)).toEqual([]);
  });
});
