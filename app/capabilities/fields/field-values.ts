// The values of a form as a field table's renderer walks them: the table is typed against its
// data, drawing it reads and writes the values generically.

/** One record of values, keyed by the fields of its table. */
export type FieldValues = Record<string, unknown>;
