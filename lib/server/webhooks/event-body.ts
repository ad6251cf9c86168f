import "server-only";
import type { WebhookFormat } from "@/lib/shared/webhook-schemas";

/** A queued event as it is sent: its type, its time (ISO 8601, UTC) and its data as the JSON text it was queued with. */
export type QueuedEvent = { type: string; time: string; data: string };

type Data = Record<string, unknown>;
const text = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : "");
const record = (value: unknown): Data => (typeof value === "object" && value !== null ? (value as Data) : {});

function requestWords(type: string, data: Data): string {
  const request = record(data.request);
  const summary = record(request.summary);
  const count = Number(summary.categories ?? 0);
  const what = `${text(request.kind)} of ${count} ${count === 1 ? "category" : "categories"} in ${text(request.environment)}`;
  const decided = request.decidedBy ? `, decided by ${text(request.decidedBy)}` : "";
  return `Request ${type.slice("request.".length)}: ${what}, requested by ${text(request.requestedBy)}${decided}`;
}

function jobWords(type: string, data: Data): string {
  const job = record(data.job);
  const counts = record(job.counts);
  const [kind = "", happened = ""] = type.split(".");
  const what = `${kind === "promotion" ? "Promotion" : "Import"} ${happened === "paused" ? "paused" : text(job.state)}`;
  const tally = ["created", "skipped", "failed", "unknown"].map((count) => `${text(counts[count] ?? 0)} ${count}`);
  return `${what} in ${text(job.environment)}: ${tally.join(", ")}`;
}

/** One line a person reads in Slack or Teams, and the page it links to. */
function eventSummary({ type, data }: QueuedEvent): { line: string; url?: string } {
  let parsed: Data = {};
  try {
    parsed = record(JSON.parse(data));
  } catch {
    // Data is written by the app as JSON; a line without its details is still a line.
  }
  const url = typeof parsed.url === "string" ? parsed.url : undefined;
  if (type === "ping") return { line: "Test event from the categories admin: this endpoint receives its events." };
  if (type === "category.created") {
    const by = parsed.by ? ` by ${text(parsed.by)}` : "";
    const line = `Category "${text(record(parsed.category).name)}" created in ${text(parsed.environment)}${by}`;
    return { line, url };
  }
  if (type.startsWith("request.")) return { line: requestWords(type, parsed), url };
  if (type.startsWith("import.") || type.startsWith("promotion.")) return { line: jobWords(type, parsed), url };
  if (type === "audit.recorded") {
    const by = parsed.actor ? ` by ${text(parsed.actor)}` : "";
    return { line: `History: ${text(parsed.action).replaceAll("_", " ")}${by}` };
  }
  return { line: `Categories admin: ${type}`, url };
}

/** The request's body for an endpoint of `format`. */
export function eventBody(format: WebhookFormat, event: QueuedEvent): string {
  if (format === "standard")
    return `{"type":${JSON.stringify(event.type)},"timestamp":${JSON.stringify(event.time)},"data":${event.data}}`;
  const { line, url } = eventSummary(event);
  // Slack reads &, < and > as markup (<!channel> would notify a whole channel): a name is escaped as Slack asks.
  const slackLine = line.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
  if (format === "slack") return JSON.stringify({ text: url ? `${slackLine} <${url}|Open>` : slackLine });
  // Teams workflows ("Post to a channel when a webhook request is received") take an Adaptive Card message.
  const card = {
    $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
    type: "AdaptiveCard",
    version: "1.4",
    // A TextRun is plain text, where a TextBlock reads markdown: a name like "[x](https://…)" stays words, not a link.
    body: [{ type: "RichTextBlock", inlines: [{ type: "TextRun", text: line }] }],
    actions: url ? [{ type: "Action.OpenUrl", title: "Open", url }] : [],
  };
  return JSON.stringify({
    type: "message",
    attachments: [{ contentType: "application/vnd.microsoft.card.adaptive", contentUrl: null, content: card }],
  });
}
