// Which SQL engine a Kysely instance talks to, for the few places whose SQL must differ.
import { type Kysely, PostgresAdapter, PostgresDialect } from "kysely";

export type DialectName = "sqlite" | "postgres";

/**
 * The mark the adapters of openDatabase carry. A property, not a class: the server build bundles
 * its own copy of kysely, so a database opened there fails `instanceof` against this one.
 */
export type NamedAdapter = { readonly dialectName: DialectName };

export function getDialectName<Schema>(db: Kysely<Schema>): DialectName {
  const { adapter } = db.getExecutor();
  const { dialectName } = adapter as Partial<NamedAdapter>;
  if (dialectName) return dialectName;
  return adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

class NamedPostgresAdapter extends PostgresAdapter implements NamedAdapter {
  readonly dialectName = "postgres";
}

/** Kysely's PostgreSQL dialect, its adapter marked for getDialectName. */
export class NamedPostgresDialect extends PostgresDialect {
  override createAdapter(): NamedPostgresAdapter {
    return new NamedPostgresAdapter();
  }
}
