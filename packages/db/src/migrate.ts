import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from './connection.js';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

type Journal = { entries: { idx: number; tag: string }[] };

export type Migration = { tag: string; statements: string[] };

export const readMigrations = (dir = MIGRATIONS_DIR): Migration[] => {
  const journal = JSON.parse(fs.readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as Journal;
  return [...journal.entries]
    .sort((a, b) => a.idx - b.idx)
    .map(({ tag }) => ({
      tag,
      statements: fs
        .readFileSync(path.join(dir, `${tag}.sql`), 'utf8')
        .split('--> statement-breakpoint')
        .map((s) => s.trim())
        .filter(Boolean),
    }));
};

// A fixed advisory-lock key: two servers starting at once on one PostgreSQL apply each migration once.
const MIGRATION_LOCK_KEY = 72_410_001;

/** Applies every migration not yet recorded, each in its own transaction, under an advisory lock. */
export const migrate = async (db: Db, migrations = readMigrations()): Promise<string[]> => {
  const applied: string[] = [];
  await db.execute(
    sql.raw(
      'CREATE TABLE IF NOT EXISTS schema_migrations (tag text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    ),
  );
  for (const migration of migrations) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
      const done = await queryRows(tx, sql`SELECT 1 AS one FROM schema_migrations WHERE tag = ${migration.tag}`);
      if (done.length > 0) return;
      for (const statement of migration.statements) await tx.execute(sql.raw(statement));
      await tx.execute(sql`INSERT INTO schema_migrations (tag) VALUES (${migration.tag})`);
      applied.push(migration.tag);
    });
  }
  return applied;
};

/** The migrations of this build not yet recorded in the database (`/readyz` wants none). */
export const pendingMigrations = async (db: Db, migrations = readMigrations()): Promise<string[]> => {
  const [table] = await queryRows<{ present: boolean }>(
    db,
    sql`SELECT to_regclass('schema_migrations') IS NOT NULL AS present`,
  );
  if (!table?.present) return migrations.map((m) => m.tag);
  const rows = await queryRows<{ tag: string }>(db, sql`SELECT tag FROM schema_migrations`);
  const done = new Set(rows.map((r) => String(r.tag)));
  return migrations.map((m) => m.tag).filter((tag) => !done.has(tag));
};
