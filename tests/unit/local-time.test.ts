import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { expect, it } from "vitest";
import { LocalTime } from "@/components/ui/local-time";

// The browser's first render must match the server's HTML, and only the browser knows the reader's time zone.
it("renders the time in UTC on the server, with the ISO time in its tooltip", () => {
  const html = renderToString(createElement(LocalTime, { iso: "2026-11-29T06:38:15.123Z" }));
  expect(html).toContain('dateTime="2026-11-29T06:38:15.123Z"');
  expect(html).toContain(">2026-11-29 06:38 UTC</time>");
  expect(html).toMatch(/role="tooltip"[^>]*>2026-11-29T06:38:15.123Z<\/span>/);
});
