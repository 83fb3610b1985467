import { arrayParam, type Db, queryRows, schema, users } from '@bw/db';
import { sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * GDPR Art. 15 and 20 (issue 39, ADR 0051): every record of the database that concerns one user,
 * found by walking the schema instead of a hand-kept list, so a table added later is exported
 * without anyone remembering it.
 *
 * 1. Every table with a column that names a user (a foreign key to `users.id`, or a column called
 *    `user_id` / `*_user_id`) gives the rows where such a column is this user.
 * 2. Then, level by level, every table with a foreign key to a row exported so far gives the rows
 *    that point at it (the entries of the user's ledger books, the runs of their savings plans, the
 *    postings of their transactions …), except below the parents in `NO_CHILDREN`, whose children are
 *    other people's records (votes of a voting the user started, complaints about their message).
 *
 * Secrets are never exported: columns named like a password, a hash of a token or code, a secret or
 * a challenge are replaced by `REDACTED`; tables in `EXCLUDED_TABLES` are left out with the reason.
 * Another person's user id in a shared record (the counterparty of a trade) becomes `OTHER_PERSON`.
 */

export const REDACTED = '[aus Sicherheitsgründen nicht enthalten]';
export const OTHER_PERSON = '[andere Person]';

/** Tables that concern a user but are not exported, and why (the ADR lists them too). */
export const EXCLUDED_TABLES: Readonly<Record<string, string>> = {
  register_holder_secrets: 'der Schlüssel des Betreibers, aus dem die Pseudonyme im Register entstehen',
  passkey_challenges: 'Einmal-Zufallswerte einer laufenden Anmeldung, nach Minuten verfallen',
  ledger_balance_shards: 'interne Zähler der Hausbücher; die Salden der eigenen Bücher stehen in ledger_accounts',
  data_exports: 'die Liste der Exporte selbst; sie steht im Verlauf der Einstellungen',
};

/** Parents whose children are other people's records, not the user's. */
const NO_CHILDREN = new Set([
  'users',
  'votings',
  'forum_messages',
  'companies',
  'ledger_postings',
  'assets',
  'partners',
]);

const SECRET_COLUMN = /(password|secret|_hash$|^token$|csrf|challenge|^code$)/;
const USER_COLUMN_NAME = /(^|_)user_id$/;
const MAX_DEPTH = 4;

type TableInfo = {
  name: string;
  columns: PgColumn[];
  /** Columns that name a user. */
  userColumns: string[];
  /** Single-column foreign keys: own column → (parent table, parent column). */
  parents: { column: string; parent: string; parentColumn: string; sqlType: string }[];
};

const tablesOfSchema = (): TableInfo[] => {
  const tables = Object.values(schema as Record<string, unknown>).filter(
    (value): value is PgTable => value instanceof PgTable,
  );
  const usersName = getTableConfig(users).name;
  return tables.map((table) => {
    const config = getTableConfig(table);
    const parents = config.foreignKeys.flatMap((fk) => {
      const reference = fk.reference();
      const [column] = reference.columns;
      const [parentColumn] = reference.foreignColumns;
      if (reference.columns.length !== 1 || !column || !parentColumn) return [];
      return [
        {
          column: column.name,
          parent: getTableConfig(reference.foreignTable).name,
          parentColumn: parentColumn.name,
          sqlType: column.getSQLType(),
        },
      ];
    });
    const userColumns = new Set(parents.filter((p) => p.parent === usersName).map((p) => p.column));
    for (const column of config.columns) if (USER_COLUMN_NAME.test(column.name)) userColumns.add(column.name);
    return { name: config.name, columns: config.columns, userColumns: [...userColumns], parents };
  });
};

export type PersonalTable = { table: string; rows: Record<string, unknown>[] };

const quoted = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);

/** Secrets out, other people's ids replaced; the user's own id stays. */
const cleanRow = (info: TableInfo, row: Record<string, unknown>, userId: string): Record<string, unknown> => {
  const clean: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (SECRET_COLUMN.test(key) && value !== null) clean[key] = REDACTED;
    else if (info.userColumns.includes(key) && value !== null && value !== userId) clean[key] = OTHER_PERSON;
    else clean[key] = value;
  }
  return clean;
};

const rowsWhere = async (db: Db, table: string, where: ReturnType<typeof sql>) =>
  (
    await queryRows<{ r: Record<string, unknown> }>(
      db,
      sql`SELECT row_to_json(t) AS r FROM ${quoted(table)} t WHERE ${where}`,
    )
  ).map((row) => (typeof row.r === 'string' ? (JSON.parse(row.r) as Record<string, unknown>) : row.r));

/** Every table that names a user, for the completeness test and the ADR. */
export const tablesNamingUsers = (): string[] =>
  tablesOfSchema()
    .filter((info) => info.userColumns.length > 0)
    .map((info) => info.name)
    .sort();

/** The user's records, table by table (only tables with rows), sorted by table name. */
export const collectPersonalRecords = async (db: Db, userId: string): Promise<PersonalTable[]> => {
  const infos = tablesOfSchema().filter((info) => !(info.name in EXCLUDED_TABLES));
  const byName = new Map(infos.map((info) => [info.name, info]));
  /** Raw rows per table (before cleaning: children are found by the real parent values). */
  const found = new Map<string, Map<string, Record<string, unknown>>>();
  const add = (table: string, rows: Record<string, unknown>[]): Record<string, unknown>[] => {
    const known = found.get(table) ?? new Map<string, Record<string, unknown>>();
    found.set(table, known);
    const added: Record<string, unknown>[] = [];
    for (const row of rows) {
      const key = JSON.stringify(row);
      if (known.has(key)) continue;
      known.set(key, row);
      added.push(row);
    }
    return added;
  };

  let frontier = new Map<string, Record<string, unknown>[]>();
  for (const info of infos) {
    if (info.name === 'users') {
      frontier.set('users', add('users', await rowsWhere(db, 'users', sql`t.id = ${userId}`)));
      continue;
    }
    if (info.userColumns.length === 0) continue;
    const where = sql.join(
      info.userColumns.map((column) => sql`t.${quoted(column)} = ${userId}`),
      sql` OR `,
    );
    const rows = add(info.name, await rowsWhere(db, info.name, where));
    if (rows.length > 0) frontier.set(info.name, rows);
  }

  for (let depth = 0; depth < MAX_DEPTH && frontier.size > 0; depth += 1) {
    const next = new Map<string, Record<string, unknown>[]>();
    for (const info of infos) {
      for (const link of info.parents) {
        if (NO_CHILDREN.has(link.parent)) continue;
        const parentRows = frontier.get(link.parent);
        if (!parentRows || parentRows.length === 0) continue;
        const values = [
          ...new Set(
            parentRows.map((row) => row[link.parentColumn]).filter((value) => value !== null && value !== undefined),
          ),
        ].map(String);
        if (values.length === 0) continue;
        const rows = add(
          info.name,
          await rowsWhere(
            db,
            info.name,
            sql`t.${quoted(link.column)} = ANY(${arrayParam(values)}::${sql.raw(link.sqlType)}[])`,
          ),
        );
        if (rows.length > 0) next.set(info.name, [...(next.get(info.name) ?? []), ...rows]);
      }
    }
    frontier = next;
  }

  return [...found.entries()]
    .filter(([, rows]) => rows.size > 0)
    .map(([table, rows]) => {
      const info = byName.get(table);
      if (!info) throw new Error(`unknown table ${table}`);
      return { table, rows: [...rows.values()].map((row) => cleanRow(info, row, userId)) };
    })
    .sort((a, b) => a.table.localeCompare(b.table));
};
