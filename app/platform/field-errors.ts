// Validation issues as { "dotted.field.path": first message }: the shape forms show under their
// fields and the API sends as `errors`, on the server and in the browser alike.
export type FieldErrors = Record<string, string>;

/** One message per field, the first found; an issue about the input as a whole is "body". */
export function toFieldErrors(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join(".") || "body";
    errors[path] ??= issue.message;
  }
  return errors;
}
