/** Runs once when the server starts: a bad configuration stops start-up with one line naming the problem. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { checkConfigOrExit } = await import("./lib/config/check-config-or-exit");
  checkConfigOrExit();
}
