import { z } from 'zod';
import { ADMIN_PAGE_SIZE_DEFAULT, ADMIN_PAGE_SIZE_MAX, paged } from './common.js';

export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  actorKind: z.enum(['staff', 'system']),
  staffId: z.string().nullable(),
  staffEmail: z.string().nullable(),
  staffRole: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

const optionalText = z.string().trim().min(1).max(200).optional();

/** Search by staff, action, target and time; the CSV export takes the same filters. */
export const auditFilter = z.object({
  staffId: z.uuid().optional(),
  action: optionalText,
  targetType: optionalText,
  targetId: optionalText,
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export const auditQuery = auditFilter.extend({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(ADMIN_PAGE_SIZE_DEFAULT),
});
export type AuditQuery = z.infer<typeof auditQuery>;
export const auditPage = paged(auditEntry);
export type AuditPage = z.infer<typeof auditPage>;
