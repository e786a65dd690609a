// Validation issues as the API reports them and the forms show them: { field: first message }.

/** Where a validation problem lies: "name", "email", ... or "body" for the request as a whole. */
export function toFieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join(".") || "body";
    errors[field] ??= issue.message;
  }
  return errors;
}
