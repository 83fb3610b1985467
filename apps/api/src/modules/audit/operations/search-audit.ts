import type { AuditPage, AuditQuery } from '@bw/contracts';
import type { Db } from '@bw/db';
import { searchAudit, toAuditEntry } from '../audit.repo.js';

export const searchAuditLog = async (db: Db, query: AuditQuery): Promise<AuditPage> => {
  const { rows, total } = await searchAudit(db, query);
  return { items: rows.map(toAuditEntry), page: query.page, pageSize: query.pageSize, total };
};
