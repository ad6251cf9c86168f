/** zod issues as one message per top-level field (the first one wins), the shape of an Error body's `fields`. */
export function fieldsFromIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "body");
    fields[field] ??= issue.message;
  }
  return fields;
}
