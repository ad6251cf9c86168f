// @ts-check
// How figures are written in the console and the Markdown table. Pure, so it is unit-tested.

/** Requests per second: whole above 100, else three significant digits. @param {number} value */
export function formatRate(value) {
  if (!Number.isFinite(value)) return "–";
  return value >= 100 ? Math.round(value).toLocaleString("en-US") : value.toPrecision(3);
}

/** Milliseconds: whole above 100, else three significant digits. @param {number} value */
export function formatMs(value) {
  if (!Number.isFinite(value)) return "–";
  return value >= 100 ? `${Math.round(value).toLocaleString("en-US")} ms` : `${value.toPrecision(3)} ms`;
}

/** Bytes in B, KiB or MiB. @param {number} value */
export function formatBytes(value) {
  if (!Number.isFinite(value)) return "–";
  if (value < 1024) return `${Math.round(value)} B`;
  if (value < 1024 * 1024) return `${(value / 1024).toFixed(1)} KiB`;
  return `${(value / 1024 / 1024).toFixed(1)} MiB`;
}

/** A ratio such as 0.24×; two significant digits below 10. @param {number} value */
export function formatRatio(value) {
  if (!Number.isFinite(value)) return "–";
  return value >= 10 ? `${Math.round(value)}×` : `${value.toPrecision(2)}×`;
}

/** A share (0–1) as a whole percentage. @param {number} value */
export const formatPercent = (value) => (Number.isFinite(value) ? `${Math.round(value * 100)}%` : "–");

/** @param {number} value */
export const formatCount = (value) => value.toLocaleString("en-US");

/**
 * A Markdown table; cells are escaped for pipes.
 * @param {readonly string[]} header @param {readonly (readonly string[])[]} rows
 */
export function markdownTable(header, rows) {
  /** @param {readonly string[]} cells */
  const line = (cells) => `| ${cells.map((cell) => cell.replaceAll("|", "\\|")).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

/** @param {string} _key @param {unknown} value */
const fourDigits = (_key, value) => (typeof value === "number" && Number.isFinite(value) && !Number.isInteger(value) ? Number(value.toPrecision(4)) : value);

/**
 * JSON with fractions cut to four significant digits and one line per array item, so that results
 * files stay small and their diffs readable.
 * @param {Record<string, unknown>} data
 */
export function compactJson(data) {
  const fields = Object.entries(data).map(([key, value]) => {
    const text = Array.isArray(value) && value.length > 0
      ? `[\n${value.map((item) => `  ${JSON.stringify(item, fourDigits)}`).join(",\n")}\n ]`
      : JSON.stringify(value, fourDigits);
    return ` ${JSON.stringify(key)}: ${text}`;
  });
  return `{\n${fields.join(",\n")}\n}\n`;
}
