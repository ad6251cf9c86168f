// The part of autocannon 8's programmatic API the benchmark uses (the package ships no types).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  export type Options = {
    url: string;
    method?: "GET" | "POST";
    headers?: Record<string, string>;
    body?: string;
    /** Each is built again before every send when it has setupRequest, which may change the body. */
    requests?: { setupRequest?: (request: { body?: string | Buffer }) => { body?: string | Buffer } }[];
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    sampleInt?: number;
  };

  export type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
    /** Per-second samples of completed requests. */
    requests: { average: number };
  };

  export type Instance = EventEmitter &
    PromiseLike<Result> & {
      stop(): void;
      on(event: "response", listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): Instance;
      on(event: "reqError", listener: (error: Error) => void): Instance;
    };

  export default function autocannon(options: Options): Instance;
}
