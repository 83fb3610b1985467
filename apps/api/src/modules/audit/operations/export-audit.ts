import type { AuditQuery } from '@bw/contracts';
import type { Db } from '@bw/db';
import { csvRow } from '@bw/domain';
import { auditBatch, toAuditEntry } from '../audit.repo.js';

const BATCH_SIZE = 500;
const HEADER = [
  'id',
  'at',
  'actor_kind',
  'staff_id',
  'staff_email',
  'staff_role',
  'action',
  'target_type',
  'target_id',
  'before',
  'after',
  'ip_address',
  'user_agent',
  'request_id',
];

const json = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * The audit log as CSV, one batch at a time, so a long log streams without being held in memory.
 * Cells are RFC 4180 quoted and never start a spreadsheet formula (packages/domain csv.ts).
 */
export async function* auditCsv(db: Db, filter: Omit<AuditQuery, 'page' | 'pageSize'>): AsyncGenerator<string> {
  yield csvRow(HEADER);
  let afterId = 0n;
  for (;;) {
    const rows = await auditBatch(db, filter, afterId, BATCH_SIZE);
    if (rows.length === 0) return;
    for (const row of rows) {
      const entry = toAuditEntry(row);
      yield csvRow([
        entry.id,
        entry.at,
        entry.actorKind,
        entry.staffId,
        entry.staffEmail,
        entry.staffRole,
        entry.action,
        entry.targetType,
        entry.targetId,
        json(entry.before),
        json(entry.after),
        entry.ipAddress,
        entry.userAgent,
        entry.requestId,
      ]);
    }
    afterId = (rows.at(-1) as (typeof rows)[number]).id;
  }
}
