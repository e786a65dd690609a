// Validation issues as { "dotted.field.path": first message }, the shape forms show under their
// fields and the API sends as `errors`.
export type FieldErrors = Record<string, string>;

export function toFieldErrors(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join(".");
    errors[path] ??= issue.message;
  }
  return errors;
}
