// @ts-check
// `npm run -s users -- add <username> --role <viewer|admin>` | `remove <username>` | `list`
// Manages the users file (AUTH_USERS_FILE, default .data/users.json), like htpasswd.
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import nextEnv from "@next/env";
import { ROLES, USERNAME_PATTERN, passwordProblem, readUsers, removeUser, upsertUser } from "../lib/auth/user-store.mjs";

nextEnv.loadEnvConfig(process.cwd(), false, { info: () => {}, error: console.error });
const file = resolve(process.env.AUTH_USERS_FILE ?? ".data/users.json");
const USAGE = "usage: npm run -s users -- add <username> --role <viewer|admin> | remove <username> | list";

/** @param {string} message @returns {never} */
function fail(message) {
  console.error(message);
  process.exit(2);
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
if (command === "list") {
  const users = await readUsers(file);
  if (users.length === 0) console.log(`No users in ${file}.`);
  for (const user of users) console.log(`${user.username}\t${user.role}`);
} else if (command === "add") {
  const roleIndex = rest.indexOf("--role");
  const role = roleIndex >= 0 ? rest[roleIndex + 1] : undefined;
  if (!username || !USERNAME_PATTERN.test(username)) fail(`Give a username of letters, digits, . _ @ or - (at most 64).\n${USAGE}`);
  if (role !== "viewer" && role !== "admin") fail(`Give a role: --role ${ROLES.join(" or ")}.\n${USAGE}`);
  const password = await readPassword();
  const problem = passwordProblem(password);
  if (problem) fail(`Not changed: ${problem}.`);
  const existed = (await readUsers(file)).some((user) => user.username === username);
  await upsertUser(file, username, role, password);
  console.log(`${existed ? "Updated" : "Added"} ${username} (${role}) in ${file}.`);
} else if (command === "remove") {
  if (!username) fail(USAGE);
  if (!(await removeUser(file, username))) fail(`There is no user ${username} in ${file}.`);
  console.log(`Removed ${username}; their sessions end on their next request.`);
} else {
  fail(USAGE);
}
