// @ts-check
// `npm run idp`: a local OpenID provider to try single sign-on with `npm start`. Prints its accounts and the settings.
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { randomBytes } from "node:crypto";
import { TEST_ACCOUNTS, startTestIdp } from "./lib/test-idp.mjs";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.IDP_PORT ?? "4020" },
    "app-origin": {
      type: "string",
      default: process.env.APP_ORIGIN ?? `http://localhost:${process.env.PORT ?? "3000"}`,
    },
  },
});
const appOrigin = values["app-origin"].replace(/\/$/, "");

/** Kept in DATA_DIR like the local session secret, so the settings printed once keep working after a restart. */
async function localClientSecret() {
  const file = join(resolve(process.env.DATA_DIR ?? ".data"), "idp-client-secret");
  if (existsSync(file)) return (await readFile(file, "utf8")).trim();
  const secret = randomBytes(24).toString("base64url");
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

const idp = await startTestIdp({
  port: Number(values.port),
  appOrigins: [appOrigin],
  backchannelLogoutUri: `${appOrigin}/api/auth/oidc/backchannel-logout`,
  clientSecret: await localClientSecret(),
  log: (line) => console.log(`idp: ${line}`),
});

console.log(`\nTest identity provider on ${idp.issuer} (any password is accepted on its sign-in page):`);
for (const [login, account] of Object.entries(TEST_ACCOUNTS)) {
  console.log(`  ${login.padEnd(8)} ${account.name.padEnd(12)} groups: ${account.groups.join(", ")}`);
}
console.log("\nSet these for the app (in .env.local, say), then run npm start:\n");
console.log(`OIDC_ISSUER=${idp.issuer}`);
console.log(`OIDC_CLIENT_ID=${idp.clientId}`);
console.log(`OIDC_CLIENT_SECRET=${idp.clientSecret}`);
console.log(`OIDC_NAME=the test provider`);
console.log(`APP_ORIGIN=${appOrigin}\n`);
console.log(
  "Open the app at that origin exactly (the provider knows only its callback there). Ctrl-C stops the provider.",
);

for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"]))
  process.once(signal, () => void idp.stop().then(() => process.exit(0)));
