import type { AuditEntry, AuditQuery } from '@bw/contracts';
import { auditLog, type Db } from '@bw/db';
import { and, asc, count, desc, eq, gt, gte, ilike, lte, type SQL } from 'drizzle-orm';

type AuditRow = typeof auditLog.$inferSelect;
type AuditFilter = Omit<AuditQuery, 'page' | 'pageSize'>;

export const toAuditEntry = (row: AuditRow): AuditEntry => ({
  id: row.id.toString(),
  at: row.at.toISOString(),
  actorKind: row.actorKind,
  staffId: row.staffId,
  staffEmail: row.staffEmail,
  staffRole: row.staffRole,
  action: row.action,
  targetType: row.targetType,
  targetId: row.targetId,
  before: row.before ?? null,
  after: row.after ?? null,
  ipAddress: row.ipAddress,
  userAgent: row.userAgent,
  requestId: row.requestId,
});

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);

const conditions = (filter: AuditFilter): SQL | undefined =>
  and(
    filter.staffId ? eq(auditLog.staffId, filter.staffId) : undefined,
    // An action prefix finds a family: `asset.` finds every asset action.
    filter.action ? ilike(auditLog.action, `${escapeLike(filter.action)}%`) : undefined,
    filter.targetType ? eq(auditLog.targetType, filter.targetType) : undefined,
    filter.targetId ? eq(auditLog.targetId, filter.targetId) : undefined,
    filter.from ? gte(auditLog.at, new Date(filter.from)) : undefined,
    filter.to ? lte(auditLog.at, new Date(filter.to)) : undefined,
  );

export const searchAudit = async (db: Db, query: AuditQuery): Promise<{ rows: AuditRow[]; total: number }> => {
  const where = conditions(query);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
};

/** Rows after `afterId` in id order: the CSV export reads the log in batches (keyset paging). */
export const auditBatch = (db: Db, filter: AuditFilter, afterId: bigint, size: number): Promise<AuditRow[]> =>
  db
    .select()
    .from(auditLog)
    .where(and(conditions(filter), gt(auditLog.id, afterId)))
    .orderBy(asc(auditLog.id))
    .limit(size);
