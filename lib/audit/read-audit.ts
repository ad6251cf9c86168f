import "server-only";
import { open } from "node:fs/promises";
import { getConfig } from "@/lib/config/config";
import type { AuditEntry } from "./audit-trail";

/** Bytes read at a time, from the end backwards; entries are capped (MAX_FIELD_CHARS), so many fit in one. */
const WINDOW_BYTES = 256 * 1024;
const NEWLINE = 0x0a;

/** A page of entries, newest first, and the cursor of the page after it (older), or null at the start of the file. */
export type AuditPage = { entries: AuditEntry[]; next: number | null };

/**
 * Up to `limit` entries that end before byte `before` (the `next` of the previous page; the end of the file when
 * absent). A line longer than the window (written before entries were capped) is skipped, never read whole.
 */
export async function auditPage(before: number | undefined, limit: number): Promise<AuditPage> {
  let handle;
  try {
    handle = await open(getConfig().auditFile, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { entries: [], next: null };
    throw error;
  }
  try {
    const { size } = await handle.stat();
    const entries: AuditEntry[] = [];
    let end = Math.min(before ?? size, size);
    while (entries.length < limit && end > 0) {
      const start = Math.max(0, end - WINDOW_BYTES);
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(end - start), 0, end - start, start);
      const window = buffer.subarray(0, bytesRead);
      // Whole lines only: from just after the first newline (unless at the file's start) to the last newline;
      // whatever follows the last newline belongs to a line that was skipped.
      const first = start === 0 ? 0 : window.indexOf(NEWLINE) + 1;
      const last = window.lastIndexOf(NEWLINE);
      if (start > 0 && first > last) {
        // No line starts and ends in this window: move to the one newline, or past a line longer than the window.
        end = last >= 0 && last + 1 < window.length ? start + last + 1 : start;
        continue;
      }
      let lineEnd = last;
      while (lineEnd >= first && entries.length < limit) {
        const lineStart = lineEnd === first ? first : window.lastIndexOf(NEWLINE, lineEnd - 1) + 1;
        const entry = parseLine(window.toString("utf8", Math.max(lineStart, first), lineEnd));
        if (entry) entries.push(entry);
        lineEnd = Math.max(lineStart, first) - 1;
      }
      end = start + lineEnd + 1;
    }
    return { entries, next: end > 0 ? end : null };
  } finally {
    await handle.close();
  }
}

function parseLine(line: string): AuditEntry | undefined {
  try {
    return JSON.parse(line) as AuditEntry;
  } catch {
    return undefined;
  }
}
