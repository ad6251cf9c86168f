import { describe, expect, it } from "vitest";
import { eventBody } from "@/lib/server/webhooks/event-body";

// Issue 45: what Slack and Teams show of each event, and that a name cannot become Slack markup.
const event = (type: string, data: unknown) => ({ type, time: "2026-01-02T03:04:05.000Z", data: JSON.stringify(data) });
const slack = (type: string, data: unknown) =>
  (JSON.parse(eventBody("slack", event(type, data))) as { text: string }).text;

describe("eventBody", () => {
  it("sends a standard endpoint the event itself, its data as it was queued", () => {
    const data = '{"category":{"id":9007199254740993,"name":"Cats"}}';
    expect(eventBody("standard", { type: "category.created", time: "2026-01-02T03:04:05.000Z", data })).toBe(
      `{"type":"category.created","timestamp":"2026-01-02T03:04:05.000Z","data":${data}}`,
    );
  });

  it.each([
    [
      "category.created",
      { environment: "staging", category: { id: 1, name: "Cats" }, by: "ada", via: "form" },
      'Category "Cats" created in staging by ada',
    ],
    [
      "request.approved",
      {
        request: {
          kind: "import",
          environment: "production",
          requestedBy: "ada",
          decidedBy: "bea",
          summary: { categories: 2 },
        },
        url: "https://admin.example/requests/1",
      },
      "Request approved: import of 2 categories in production, requested by ada, decided by bea <https://admin.example/requests/1|Open>",
    ],
    [
      "promotion.paused",
      {
        job: {
          kind: "promotion",
          environment: "production",
          state: "paused",
          counts: { created: 3, skipped: 1, failed: 0, unknown: 0 },
        },
      },
      "Promotion paused in production: 3 created, 1 skipped, 0 failed, 0 unknown",
    ],
    ["audit.recorded", { action: "signed_in", actor: "vic" }, "History: signed in by vic"],
  ])("says %s in one line for Slack", (type, data, line) => {
    expect(slack(type, data)).toBe(line);
  });

  it("escapes what Slack would read as markup in a name", () => {
    const data = {
      environment: "production",
      category: { id: 1, name: "<!channel> & <https://evil.example|x>" },
      by: null,
    };
    expect(slack("category.created", data)).toBe(
      'Category "&lt;!channel&gt; &amp; &lt;https://evil.example|x&gt;" created in production',
    );
  });

  it("gives Teams an Adaptive Card with the line and a button to the page", () => {
    const body = JSON.parse(
      eventBody(
        "teams",
        event("request.created", {
          request: { kind: "create", summary: { categories: 1 } },
          url: "https://admin.example/requests/7",
        }),
      ),
    );
    expect(body).toMatchObject({
      type: "message",
      attachments: [
        {
          contentType: "application/vnd.microsoft.card.adaptive",
          content: {
            type: "AdaptiveCard",
            body: [
              {
                type: "RichTextBlock",
                inlines: [{ type: "TextRun", text: expect.stringContaining("Request created: create of 1 category") }],
              },
            ],
            actions: [{ type: "Action.OpenUrl", url: "https://admin.example/requests/7" }],
          },
        },
      ],
    });
  });
});
