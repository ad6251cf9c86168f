import type { Socket } from "node:net";
import { type TcpProxy, startTcpProxy } from "./tcp-proxy";

type SeenQuery = { connection: number; text: string };

export type PgProxy = TcpProxy & {
  /** Every query sent so far, simple or prepared, with the number of the connection that sent it. */
  queries(): SeenQuery[];
  /** Whether that connection is open now. */
  isOpen(connection: number): boolean;
  /**
   * Answers each simple query (no parameters) matching `pattern` with an error, without sending it on: the connection
   * stays open, as when the server refuses a statement. `undefined` sends them on again.
   */
  failQueries(pattern: RegExp | undefined): void;
};

// PostgreSQL's messages (protocol 3): after the untyped start-up, a type byte and a length that counts itself.
const SSL_OR_GSS_REQUEST = new Set([80877103, 80877104]);

function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, "latin1");
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

const errorAndReady = (text: string) =>
  Buffer.concat([message("E", Buffer.from(`SERROR\0VERROR\0C57P03\0M${text}\0\0`)), message("Z", Buffer.from("I"))]);

/** A loopback proxy to a PostgreSQL server that counts connections, lists the queries sent and can refuse some. */
export async function startPgProxy(databaseUrl: string): Promise<PgProxy> {
  const seen: SeenQuery[] = [];
  const open = new Set<number>();
  let failing: RegExp | undefined;
  const forward = (client: Socket, upstream: Socket, connection: number) => {
    open.add(connection);
    client.on("close", () => open.delete(connection));
    let pending = Buffer.alloc(0);
    let started = false;
    client.on("data", (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        const typed = started ? 1 : 0;
        if (pending.length < typed + 4) return;
        const size = typed + pending.readInt32BE(typed);
        if (pending.length < size) return;
        const whole = pending.subarray(0, size);
        pending = pending.subarray(size);
        if (!started) {
          started = !SSL_OR_GSS_REQUEST.has(whole.readInt32BE(4));
          upstream.write(whole);
          continue;
        }
        const type = String.fromCharCode(whole[0]!);
        // A simple query is its text; a prepared one (Parse) starts with its name, then its text.
        const text =
          type === "Q"
            ? whole.subarray(5, -1).toString()
            : type === "P"
              ? whole.subarray(whole.indexOf(0, 5) + 1, whole.indexOf(0, whole.indexOf(0, 5) + 1)).toString()
              : undefined;
        if (text !== undefined) seen.push({ connection, text });
        if (type === "Q" && text !== undefined && failing?.test(text))
          client.write(errorAndReady("refused by the test"));
        else upstream.write(whole);
      }
    });
    client.on("end", () => upstream.end());
  };
  const proxy = await startTcpProxy(databaseUrl, forward);
  return {
    ...proxy,
    queries: () => [...seen],
    isOpen: (connection) => open.has(connection),
    failQueries: (pattern) => {
      failing = pattern;
    },
  };
}
