import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { WEBHOOK_EVENT_SCHEMAS } from "@/lib/shared/webhook-event-schemas";
import { WEBHOOK_EVENT_TYPES } from "@/lib/shared/webhook-schemas";

// docs/webhooks.md against lib/shared/webhook-event-schemas.ts: each event type's JSON Schema on the page is the one
// the code's schema gives, so the catalogue receivers read cannot drift from what is sent.
const page = readFileSync(new URL("../../docs/webhooks.md", import.meta.url), "utf8");

/** Each "### `a`, `b`" heading's types, with the JSON block under it. */
function documented(): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const [, heading = "", json = ""] of page.matchAll(/^### (`[^\n]+)\n\n```json\n([\s\S]*?)\n```/gm))
    for (const [, type = ""] of heading.matchAll(/`([a-z.]+)`/g)) found.set(type, JSON.parse(json));
  return found;
}

describe("docs/webhooks.md's event catalogue", () => {
  it("has a schema for every event type, ping included, and for nothing else", () => {
    expect([...documented().keys()].sort()).toEqual(["ping", ...WEBHOOK_EVENT_TYPES].sort());
    expect(Object.keys(WEBHOOK_EVENT_SCHEMAS).sort()).toEqual(["ping", ...WEBHOOK_EVENT_TYPES].sort());
  });

  it.each(Object.entries(WEBHOOK_EVENT_SCHEMAS))("shows %s's data as the code sends it", (type, schema) => {
    expect(documented().get(type)).toEqual(z.toJSONSchema(schema));
  });
});
