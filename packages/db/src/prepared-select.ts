import type { Query, SQL } from 'drizzle-orm';
import * as drizzle from 'drizzle-orm';
import type { Db } from './connection.js';

/**
 * A select on the hot path built once per process and run on any handle, the root database or a
 * transaction (issue 27, ADR 0017 addendum). Drizzle's `.prepare()` binds a query to the handle
 * that built it, so a query inside a transaction was built anew on every call: for the wide rows of
 * a purchase (user, asset, purchase) that building cost more CPU than PostgreSQL spent running it.
 * Here the SQL text, the parameter slots (`sql.placeholder`) and the result mapping are kept from
 * the first build; each call only binds the values and maps the rows, exactly as drizzle's own
 * prepared query does. It relies on drizzle's query-builder internals (`getSQL`, `dialect`,
 * `config.fields`, `session.prepareQuery`), checked by `apps/api/src/lib/prepared-select.integration.test.ts`.
 */
type Execute<Row> = { execute(values?: Record<string, unknown>): Promise<Row[]> };

type BuilderInternals = {
  getSQL(): SQL;
  dialect: { sqlToQuery(sql: SQL): Query };
  config: { fields: Record<string, unknown> };
  joinsNotNullableMap?: Record<string, boolean>;
};

type SessionInternals = {
  session: {
    prepareQuery(
      query: Query,
      fields: unknown,
      name: string | undefined,
      isResponseInArrayMode: boolean,
    ): { joinsNotNullableMap?: Record<string, boolean>; execute(values?: Record<string, unknown>): Promise<unknown[]> };
  };
};

/** Exported by drizzle-orm's JavaScript, left out of its typings (internal). */
const { orderSelectedFields } = drizzle as unknown as { orderSelectedFields(fields: Record<string, unknown>): unknown };

type Built = { query: Query; fields: unknown; joinsNotNullableMap: Record<string, boolean> | undefined };

export const preparedSelect = <Row>(
  build: (db: Db) => Execute<Row>,
): ((db: Db, values: Record<string, unknown>) => Promise<Row[]>) => {
  let built: Built | null = null;
  return (db, values) => {
    if (!built) {
      const builder = build(db) as unknown as BuilderInternals;
      built = {
        query: builder.dialect.sqlToQuery(builder.getSQL()),
        fields: orderSelectedFields(builder.config.fields),
        joinsNotNullableMap: builder.joinsNotNullableMap,
      };
    }
    const prepared = (db as unknown as SessionInternals).session.prepareQuery(
      built.query,
      built.fields,
      undefined,
      true,
    );
    prepared.joinsNotNullableMap = built.joinsNotNullableMap;
    return prepared.execute(values) as Promise<Row[]>;
  };
};
