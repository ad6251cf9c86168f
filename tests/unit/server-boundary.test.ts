import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "../..");
const SECRET_HOLDERS = [
  "lib/catalogue/catalogue-client.ts",
  "lib/catalogue/catalogue.ts",
  "lib/config/config.ts",
  "lib/log.ts",
  "lib/auth/session-store.ts",
  "lib/auth/users.ts",
  "lib/auth/authenticate.ts",
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(entry) ? [path] : [];
  });
}

function localImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/^(?:import|export)[^"']*["']([^"']+)["']/gm)]
    .map((match) => match[1] ?? "")
    .filter((spec) => spec.startsWith("@/") || spec.startsWith("."))
    .map((spec) => (spec.startsWith("@/") ? join(ROOT, spec.slice(2)) : resolve(dirname(file), spec)))
    .map((base) => [".ts", ".tsx", "/index.ts"].map((ext) => base + ext).find(existsSync) ?? base);
}

const isServerOnly = (file: string) => readFileSync(file, "utf8").startsWith('import "server-only";');

describe("server/client boundary", () => {
  it("marks every module that holds the key or configuration server-only, so a client import fails the build", () => {
    for (const file of SECRET_HOLDERS) expect(isServerOnly(join(ROOT, file)), file).toBe(true);
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
