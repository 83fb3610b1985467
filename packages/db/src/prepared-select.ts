import { createHash } from 'node:crypto';
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
 *
 * On PostgreSQL the statement is also a named prepared statement (issue 37): node-postgres parses
 * it once per pooled connection and PostgreSQL keeps its plan there, so the hot statements of a
 * purchase are not parsed and planned anew at every call (PGlite ignores the name). The name is
 * derived from the text (`statementNameOf`), so one text always has one name.
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

type Built = {
  query: Query;
  name: string;
  fields: unknown;
  joinsNotNullableMap: Record<string, boolean> | undefined;
};

/**
 * The name of a named prepared statement for `text`: a digest of the text, so a name never stands
 * for two texts on one connection. Only for statements whose text is one of a few per call site
 * (every distinct text stays prepared on each pooled connection until it closes).
 */
export const statementNameOf = (text: string): string =>
  `bw_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;

type DialectInternals = { dialect: { sqlToQuery(sql: SQL): Query } };

/**
 * `queryRows` (raw SQL, typed rows out) as a named prepared statement (issue 37): for the hot
 * statements of a purchase whose text depends on the call site only, not on the number of values
 * (`IN (…)` lists or a VALUES row per item would prepare a statement per length). Both drivers
 * answer `{ rows }`.
 */
export const queryRowsNamed = async <T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> => {
  const built = (db as unknown as DialectInternals).dialect.sqlToQuery(query);
  const prepared = (db as unknown as SessionInternals).session.prepareQuery(
    built,
    undefined,
    statementNameOf(built.sql),
    false,
  );
  return ((await prepared.execute()) as unknown as { rows: T[] }).rows;
};

export const preparedSelect = <Row>(
  build: (db: Db) => Execute<Row>,
): ((db: Db, values: Record<string, unknown>) => Promise<Row[]>) => {
  let built: Built | null = null;
  return (db, values) => {
    if (!built) {
      const builder = build(db) as unknown as BuilderInternals;
      const query = builder.dialect.sqlToQuery(builder.getSQL());
      built = {
        query,
        name: statementNameOf(query.sql),
        fields: orderSelectedFields(builder.config.fields),
        joinsNotNullableMap: builder.joinsNotNullableMap,
      };
    }
    const prepared = (db as unknown as SessionInternals).session.prepareQuery(
      built.query,
      built.fields,
      built.name,
      true,
    );
    prepared.joinsNotNullableMap = built.joinsNotNullableMap;
    return prepared.execute(values) as Promise<Row[]>;
  };
};
