// Which SQL engine a Kysely instance talks to, for the few places whose SQL must differ.
import { type Kysely, PostgresAdapter } from "kysely";

export type DialectName = "sqlite" | "postgres";

export function getDialectName<Schema>(db: Kysely<Schema>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}
