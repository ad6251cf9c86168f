// @ts-check
// `npm run size`: the gzipped first-load JavaScript of each page of the production build, against its budget.
// It starts the standalone server, signs in, reads each page's HTML and gzips every script the HTML references.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { upsertUser } from "../lib/auth/user-store.mjs";
import { ensureBuild } from "./ensure-build.mjs";

const KIB = 1024;
const BUDGETS = { "/login": 140 * KIB, "/categories": 150 * KIB, "/categories/new": 160 * KIB };
const PORT = Number(process.env.SIZE_PORT ?? 3199);
const origin = `http://127.0.0.1:${PORT}`;

ensureBuild();
const dir = mkdtempSync(join(tmpdir(), "size-"));
const usersFile = join(dir, "users.json");
await upsertUser(usersFile, "size", "admin", "size-check-password");
const server = spawn(process.execPath, [resolve(".next/standalone/server.js")], {
  stdio: "ignore",
  env: {
    ...process.env,
    PORT: String(PORT),
    HOSTNAME: "127.0.0.1",
    CATALOGUE_API_URL: "http://127.0.0.1:9/v1", // pages render without calling it
    CATALOGUE_API_KEY: "size-check",
    SESSION_SECRET: "size-check-session-secret-0123456789",
    AUTH_USERS_FILE: usersFile,
    AUDIT_FILE: join(dir, "audit.jsonl"),
    NEXT_TELEMETRY_DISABLED: "1",
  },
});

try {
  await waitForServer();
  const login = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "size", password: "size-check-password" }),
  });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  let failed = false;
  for (const [path, budget] of Object.entries(BUDGETS)) {
    // /login is seen signed out (signed in, it redirects to the list).
    const html = await (await fetch(`${origin}${path}`, { headers: path === "/login" ? {} : { cookie }, redirect: "manual" })).text();
    // Script tags, plus the chunks the page's flight data names: both load before the page is interactive.
    // Polyfills marked nomodule are left out: the browsers we support never fetch them.
    const tags = [...html.matchAll(/<script[^>]+src="([^"]+\.js[^"]*)"[^>]*>/g)];
    const skipped = new Set(tags.filter((match) => /nomodule/i.test(match[0])).map((match) => match[1]));
    const named = [...html.matchAll(/(?:\/?_next\/)?static\/chunks\/[\w./-]+?\.js/g)].map((match) => `/_next/${match[0].replace(/^\/?(_next\/)?/, "")}`);
    const scripts = [...new Set([...tags.map((match) => match[1] ?? ""), ...named])].filter((src) => !skipped.has(src));
    let bytes = 0;
    for (const src of scripts) {
      const size = gzipSync(Buffer.from(await (await fetch(`${origin}${src}`)).arrayBuffer()), { level: 9 }).length;
      if (process.argv.includes("--verbose")) console.log(`     ${(size / KIB).toFixed(1).padStart(6)} ${src}`);
      bytes += size;
    }
    const over = bytes > budget;
    failed ||= over || scripts.length === 0;
    console.log(`${over ? "OVER" : "ok  "} ${path.padEnd(16)} ${(bytes / KIB).toFixed(1).padStart(6)} KiB gzipped in ${scripts.length} scripts (budget ${budget / KIB} KiB)`);
  }
  process.exitCode = failed ? 1 : 0;
} finally {
  server.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}

async function waitForServer() {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`the app did not start on ${origin}`);
}

