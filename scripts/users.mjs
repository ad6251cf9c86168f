// @ts-check
// `npm run -s users -- add <username> --role <viewer|admin> [--service]` | `remove <username>` | `list` |
// `import <users file>`
// Manages who may sign in, in the app's database (see command-database.mjs for which one), like htpasswd. --service adds
// a service account: no password, never signs in to the pages, uses API tokens (docs/automation.md).
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import { passwordProblem } from "../lib/node/password.mjs";
import { USERNAME_PATTERN } from "../lib/shared/username.mjs";
import {
  ROLES,
  addServiceAccount,
  importUsersFile,
  listUsers,
  removeUser,
  upsertUser,
} from "../lib/node/user-store.mjs";
import { withCommandDatabase } from "./lib/command-database.mjs";
import { withDatabaseClient } from "./lib/database-client.mjs";

const USAGE =
  "usage: npm run -s users -- add <username> --role <viewer|admin> [--service] | remove <username> | list | import <users file>";

/** @param {string} message @returns {never} */
function fail(message) {
  console.error(message);
  process.exit(2);
}

/** Like fail(), once the database is open: it is closed before the command exits. @param {string} message */
function refuse(message) {
  console.error(message);
  process.exitCode = 2;
}

/** The first line of standard input, when a password is piped in. */
async function readPipedLine() {
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return "";
}

/** Reads a line from the terminal without echoing it. @param {string} prompt @returns {Promise<string>} */
function promptHidden(prompt) {
  return new Promise((done) => {
    process.stdout.write(prompt);
    const stdin = process.stdin;
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding("utf8");
    let typed = "";
    /** @param {string} chunk */
    const onData = (chunk) => {
      for (const char of chunk) {
        if (char === "\u0003") {
          process.stdout.write("\n");
          process.exit(130);
        } else if (char === "\r" || char === "\n") {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off("data", onData);
          process.stdout.write("\n");
          return done(typed);
        } else if (char === "\u007f" || char === "\b") {
          typed = typed.slice(0, -1);
        } else {
          typed += char;
        }
      }
    };
    stdin.on("data", onData);
  });
}

async function readPassword() {
  if (!process.stdin.isTTY) return readPipedLine();
  const first = await promptHidden("Password: ");
  const second = await promptHidden("Password again: ");
  if (first !== second) fail("The two passwords differ; nothing was changed.");
  return first;
}

const [command, username, ...rest] = process.argv.slice(2);
if (!["list", "add", "remove", "import"].includes(command ?? "")) fail(USAGE);
if (command === "remove" && !username) fail(USAGE);
if (command === "import" && !username) fail(`Name the users file to import.\n${USAGE}`);
/** @type {string | undefined} */
let password;
/** @type {import("../lib/node/user-store.mjs").Role} */
let role = "viewer";
const service = rest.includes("--service");
if (command === "add") {
  const roleIndex = rest.indexOf("--role");
  const given = roleIndex >= 0 ? rest[roleIndex + 1] : undefined;
  if (!username || !USERNAME_PATTERN.test(username))
    fail(`Give a username of letters, digits, . _ @ or - (at most 64).\n${USAGE}`);
  if (given !== "viewer" && given !== "admin") fail(`Give a role: --role ${ROLES.join(" or ")}.\n${USAGE}`);
  role = given;
  if (!service) {
    password = await readPassword();
    const problem = passwordProblem(password);
    if (problem) fail(`Not changed: ${problem}.`);
  }
}
if (process.env.AUTH_USERS_FILE && command !== "import") {
  console.warn(
    "AUTH_USERS_FILE is no longer read: accounts are kept in the database. Import the file once with `npm run -s users -- import <file>`.",
  );
}

await withCommandDatabase((url, where) =>
  withDatabaseClient(url, async (db) => {
    if (command === "list") {
      const users = await listUsers(db);
      if (users.length === 0) console.log(`No users in ${where}.`);
      for (const user of users)
        console.log(`${user.username}\t${user.role}${user.kind === "service" ? "\tservice account" : ""}`);
    } else if (command === "add" && service) {
      if ((await addServiceAccount(db, username ?? "", role, "npm run users")) === "added")
        console.log(`Added the service account ${username} (${role}) in ${where}. Issue it a token as an admin.`);
      else refuse(`Not changed: ${username} is already an account in ${where}.`);
    } else if (command === "add") {
      const outcome = await upsertUser(db, username ?? "", role, password ?? "");
      if (outcome === "taken") refuse(`Not changed: ${username} is a service account in ${where}.`);
      else console.log(`${outcome === "added" ? "Added" : "Updated"} ${username} (${role}) in ${where}.`);
    } else if (command === "remove") {
      if (await removeUser(db, username ?? ""))
        console.log(
          `Removed ${username}: their sessions have ended, their tokens are revoked and their private views are deleted.`,
        );
      else refuse(`There is no user ${username} in ${where}.`);
    } else {
      const { added, updated, skipped } = await importUsersFile(db, resolve(username ?? ""));
      console.log(`Imported ${username} into ${where}: ${added} added, ${updated} updated.`);
      if (skipped.length > 0)
        refuse(`Skipped ${skipped.length} entries that are not valid users: ${skipped.join(", ")}`);
    }
  }),
);
