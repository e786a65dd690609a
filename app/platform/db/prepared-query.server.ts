// A hot read compiled to SQL once: building and compiling a Kysely query costs more than running a
// small indexed read, so a path answered thousands of times a second swaps in its values only.
import type { Compilable, CompiledQuery } from "kysely";
import type { Db } from "./tables.server";

/**
 * Compiles `build(sentinels)` once and returns a function that runs the same SQL with other values.
 * Each sentinel must reach the query as a bound parameter (used once or more) and differ from
 * every constant the query binds; both are checked here, so a wrong sentinel fails at start.
 */
export function prepareQuery<Values extends Record<string, string | number>, Row>(
  db: Db,
  build: (values: Values) => Compilable<Row>,
  sentinels: Values,
): (values: Values) => Promise<Row[]> {
  const compiled: CompiledQuery<Row> = build(sentinels).compile();
  const keys = Object.keys(sentinels) as (keyof Values)[];
  const slots = compiled.parameters.map((parameter) =>
    keys.find((key) => sentinels[key] === parameter),
  );
  const missing = keys.filter((key) => !slots.includes(key));
  if (missing.length > 0) {
    throw new Error(`prepareQuery: ${missing.join(", ")} did not reach the query as parameters`);
  }
  return async (values) => {
    const parameters = compiled.parameters.map((constant, index) => {
      const key = slots[index];
      return key === undefined ? constant : values[key];
    });
    const { rows } = await db.executeQuery<Row>({ ...compiled, parameters });
    return rows;
  };
}
