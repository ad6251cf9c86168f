import { useEffect, useEffectEvent } from "react";
import * as z from "zod/mini";
import { CATALOGUE_ENVIRONMENTS } from "@/lib/shared/environment";
import { parseExactJson } from "@/lib/shared/exact-json";
import { categorySchema } from "@/lib/shared/schemas";
import { setLiveState } from "./live-state";

// Only what the pages use; the rest of each event's data is dropped.
const schemas = {
  "category-created": z.object({ environment: z.enum(CATALOGUE_ENVIRONMENTS), category: categorySchema }),
  "job-updated": z.object({ id: z.string() }),
  resync: z.object({}),
};
export type LiveEvents = { [Type in keyof typeof schemas]: z.output<(typeof schemas)[Type]> };
type Handler = (data: never) => void;

// After a refused stream (401, 429, 503): 5 s, doubling up to 5 minutes, spread so that tabs do not come back at once.
const FIRST_RETRY_MS = 5_000;
const LAST_RETRY_MS = 300_000;

const handlers = new Map<string, Set<Handler>>();
let users = 0;
let source: EventSource | undefined;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let failures = 0;
let wasLive = false;

/** An event's data as the pages read it, ids with every digit; undefined when it is not what its type says. */
export function readLiveEvent<Type extends keyof LiveEvents>(type: Type, text: string): LiveEvents[Type] | undefined {
  try {
    return schemas[type].safeParse(parseExactJson(text)).data as LiveEvents[Type] | undefined;
  } catch {
    return undefined;
  }
}

function dispatch(type: keyof LiveEvents, text: string): void {
  const data = readLiveEvent(type, text);
  if (data) for (const handler of handlers.get(type) ?? []) (handler as (data: unknown) => void)(data);
}

function open(): void {
  const stream = new EventSource("/api/events");
  let opened = false;
  source = stream;
  setLiveState(wasLive ? "reconnecting" : "connecting");
  stream.onopen = () => {
    failures = 0;
    // The browser's own reconnect sends Last-Event-ID and misses nothing; a new stream after a refused one does not.
    if (!opened && wasLive) dispatch("resync", "{}");
    opened = wasLive = true;
    setLiveState("live");
  };
  stream.onerror = () => {
    if (stream.readyState !== EventSource.CLOSED) return setLiveState(wasLive ? "reconnecting" : "connecting");
    // Refused: the browser gives up, so the pages poll as they did before streams, and a new one is tried later.
    stream.close();
    source = undefined;
    setLiveState(wasLive ? "reconnecting" : "off");
    const delay = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** failures++);
    retryTimer = setTimeout(open, delay / 2 + (Math.random() * delay) / 2);
  };
  for (const type of Object.keys(schemas) as (keyof LiveEvents)[])
    stream.addEventListener(type, (event) => dispatch(type, (event as MessageEvent<string>).data));
}

/** Opens this tab's one stream, or counts one more user of it; the returned function lets go of it. */
export function connectLiveEvents(): () => void {
  if (users++ === 0 && typeof EventSource === "function") open();
  let held = true;
  return () => {
    // Let go once, whatever the count: a second call must not take another user's place.
    if (!held) return;
    held = false;
    if (--users > 0) return;
    clearTimeout(retryTimer);
    source?.close();
    source = undefined;
    failures = 0;
    wasLive = false;
    setLiveState("off");
  };
}

export function onLiveEvent<Type extends keyof LiveEvents>(
  type: Type,
  handler: (data: LiveEvents[Type]) => void,
): () => void {
  const set = handlers.get(type) ?? new Set();
  handlers.set(type, set);
  set.add(handler);
  return () => set.delete(handler);
}

/** Calls `handler` with each event of `type` while the component is mounted. */
export function useLiveEvent<Type extends keyof LiveEvents>(type: Type, handler: (data: LiveEvents[Type]) => void) {
  const onEvent = useEffectEvent(handler);
  useEffect(() => onLiveEvent(type, (data) => onEvent(data)), [type]);
}
