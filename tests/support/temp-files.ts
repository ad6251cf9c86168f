import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Temp folders made through this are all removed by `remove()` (call it in the file's afterAll). */
export function tempFiles() {
  const dirs: string[] = [];
  return {
    async dir(prefix: string): Promise<string> {
      const dir = await mkdtemp(join(tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    },
    remove: () => Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true }))),
  };
}
