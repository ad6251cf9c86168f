/** A Content-Security-Policy header's directives by name, e.g. "script-src" → ["'self'", "'nonce-…'"]. */
export function policyDirectives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = "", ...values]) => [name, values]),
  );
}
