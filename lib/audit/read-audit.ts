import "server-only";
import { open } from "node:fs/promises";
import { getConfig } from "@/lib/config/config";
import type { AuditEntry } from "./audit-trail";

const TAIL_BYTES = 512 * 1024;

/** The most recent entries, newest first, read from the end of the file so its size does not matter. */
export async function recentAuditEntries(limit: number): Promise<AuditEntry[]> {
  let handle;
  try {
    handle = await open(getConfig().auditFile, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  try {
    const { size } = await handle.stat();
    const start = Math.max(0, size - TAIL_BYTES);
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(size - start), 0, size - start, start);
    const lines = buffer.subarray(0, bytesRead).toString("utf8").split("\n");
    if (start > 0) lines.shift(); // the first line may be cut
    return lines
      .filter(Boolean)
      .slice(-limit)
      .reverse()
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as AuditEntry];
        } catch {
          return [];
        }
      });
  } finally {
    await handle.close();
  }
}
