import "server-only";
import { type Config, ConfigError, getConfig } from "./config";

export function checkConfigOrExit(): Config {
  try {
    return getConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
