// Vitest runs server code directly; the real `server-only` guards the Next.js client build.
export {};
