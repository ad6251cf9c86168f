// @ts-check
// Reading a Lighthouse result for people who will fix the page: the audits that did not pass, each item as one line
// (an element's selector and axe's explanation, a console message and its source, a resource and what it wastes).

/** @typedef {import("lighthouse").Result} Result */
/** @typedef {Result["audits"][string]} AuditResult */
/**
 * @typedef {{ type?: string, selector?: string, explanation?: string, nodeLabel?: string, snippet?: string }} AuditNode
 */

const METRICS = {
  "first-contentful-paint": "FCP",
  "largest-contentful-paint": "LCP",
  "total-blocking-time": "TBT",
  "cumulative-layout-shift": "CLS",
  "speed-index": "SI",
};
const UNSCORED = new Set(["notApplicable", "informative", "manual", "error"]);
const MAX_TEXT = 240;

/** The performance metrics, each with its value and its score out of 100. @param {Result} lhr */
export function metrics(lhr) {
  return Object.entries(METRICS).map(([id, name]) => {
    const audit = lhr.audits[id];
    return { id: name, displayValue: audit?.displayValue ?? "–", score: Math.round((audit?.score ?? 0) * 100) };
  });
}

/** Cumulative layout shift, unrounded: the page's target is on the value, not on its score. @param {Result} lhr */
export function layoutShift(lhr) {
  return lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0;
}

/**
 * The audits of a category scoring below 1, worst first, then the unscored ones that name what costs a metric
 * (layout-shifts: the elements that moved). The metrics themselves are listed by metrics().
 * @param {Result} lhr @param {string} categoryId
 */
export function failingAudits(lhr, categoryId) {
  const refs = lhr.categories[categoryId]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.group !== "metrics" && ref.group !== "hidden")
    .flatMap((ref) => {
      const audit = lhr.audits[ref.id];
      if (!audit) return [];
      const failed = audit.score !== null && audit.score < 1 && !UNSCORED.has(audit.scoreDisplayMode);
      const costsAMetric =
        audit.scoreDisplayMode === "informative" &&
        Object.values(audit.metricSavings ?? {}).some((saving) => (saving ?? 0) > 0);
      if (!failed && !costsAMetric) return [];
      const { id, title, displayValue, explanation, details } = audit;
      return [{ id, title, score: failed ? audit.score : null, displayValue, explanation, details }];
    })
    .sort((a, b) => (a.score ?? 1) - (b.score ?? 1));
}

/** Each item of an audit's details as one line of text. @param {AuditResult["details"]} details @returns {string[]} */
export function auditDetails(details) {
  if (!details || !("items" in details) || !Array.isArray(details.items)) return [];
  return details.items.flatMap((item) => describeItem(/** @type {Record<string, unknown>} */ (item)));
}

/** @param {Record<string, unknown>} item @returns {string[]} */
function describeItem(item) {
  // A list's items are whole tables (largest-contentful-paint-element: the element, then the phases).
  if (Array.isArray(item.items)) return item.items.flatMap((inner) => describeItem(inner));
  const node = /** @type {AuditNode | undefined} */ (item.node);
  const lines = [];
  if (node?.type === "node") {
    const why = (node.explanation ?? node.nodeLabel ?? "").replace(/\s+/g, " ").trim();
    lines.push(clip(`${node.selector ?? "(no selector)"} — ${why} — ${node.snippet ?? ""}`));
  } else {
    const fields = Object.entries(item).flatMap(([key, value]) => {
      const text = valueText(value);
      return key === "subItems" || text === undefined ? [] : [`${key}: ${text}`];
    });
    if (fields.length) lines.push(clip(fields.join("; ")));
  }
  const subItems = /** @type {{ items?: Record<string, unknown>[] } | undefined} */ (item.subItems)?.items ?? [];
  return [...lines, ...subItems.flatMap(describeItem).map((line) => `  ${line}`)];
}

/** @param {unknown} value @returns {string | undefined} */
function valueText(value) {
  if (typeof value === "string") return value.replace(/\s+/g, " ");
  if (typeof value === "number") return String(Math.round(value * 100) / 100);
  if (typeof value === "boolean") return String(value);
  const typed =
    /** @type {{ type?: string, url?: string, line?: number, column?: number, value?: unknown, text?: string }} */ (
      value ?? {}
    );
  if (typed.type === "source-location") return `${typed.url}:${(typed.line ?? 0) + 1}:${(typed.column ?? 0) + 1}`;
  if (typed.type === "url" || typed.type === "code" || typed.type === "text") return String(typed.value);
  if (typed.type === "node") return typed.text;
  return undefined;
}

/** @param {string} text */
const clip = (text) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);
