import { connect } from "node:net";
import { sleep } from "./child-process";

/** Opens a new TCP connection: true when the port refuses it (nothing listens), false when it is accepted. */
export function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

/** Polls `check` every `everyMs` until it holds; false if it never did within `timeoutMs`. */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  everyMs = 20,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() >= deadline) return false;
    await sleep(everyMs);
  }
}
