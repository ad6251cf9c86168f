import "server-only";
import { ConfigError, getConfig } from "./config";

export function checkConfigOrExit(): void {
  try {
    getConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
