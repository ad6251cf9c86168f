import { AppError } from "@/lib/shared/app-error";

const PLAIN_WORDS: Record<string, string> = {
  upstream_unavailable: "The catalogue service can't be reached right now.",
  upstream_timeout: "The catalogue service did not answer in time.",
  upstream_connection_lost: "The connection to the catalogue service broke before it answered.",
  upstream_unauthorized:
    "The catalogue service refused this app's credentials. An administrator needs to check the app's configuration.",
  upstream_error: "The catalogue service answered with an error.",
  upstream_bad_response: "The catalogue service sent a reply this app cannot read.",
  network_error: "The admin app could not be reached. Check your connection.",
};

export function describeError(error: unknown): string {
  if (!(error instanceof AppError)) return "Something went wrong. Try again in a moment.";
  if (error.code === "upstream_unavailable" && error.status === 503) {
    return "The catalogue service has failed several times in a row, so the app is pausing calls to it for a few seconds. Try again shortly.";
  }
  return PLAIN_WORDS[error.code] ?? error.message;
}
