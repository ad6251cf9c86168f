import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createUsersFile } from "./auth-fixture";

/** Temp folders made through this are all removed by `remove()` (call it in the file's afterAll). */
export function tempFiles() {
  const dirs: string[] = [];
  return {
    async dir(prefix: string): Promise<string> {
      const dir = await mkdtemp(join(tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    },
    /** A users file holding ADMIN and VIEWER (tests/support/auth-fixture.ts) in a folder of its own. */
    async usersFile(): Promise<string> {
      const file = await createUsersFile();
      dirs.push(dirname(file));
      return file;
    },
    remove: () => Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true }))),
  };
}
