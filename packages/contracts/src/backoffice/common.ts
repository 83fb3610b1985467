import { z } from 'zod';

/** The admin API's prefix (issue 21, ADR 0019): its own OpenAPI tags, its own session. */
export const ADMIN_API_PREFIX = '/admin/api/v1';
export const STAFF_SESSION_COOKIE = 'bw_staff_session';
export const STAFF_CSRF_COOKIE = 'bw_staff_csrf';
export const STAFF_CSRF_HEADER = 'x-staff-csrf-token';

export const ADMIN_PAGE_SIZE_DEFAULT = 50;
export const ADMIN_PAGE_SIZE_MAX = 200;
/** Longest free-text reason a staff member gives (decline, lock, correction …). */
export const REASON_MAX_LENGTH = 1_000;

export const pageQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(ADMIN_PAGE_SIZE_DEFAULT),
});

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });

export const positiveCentsString = z.string().regex(/^[1-9]\d{0,14}$/, 'Betrag in Cent, größer als 0');

export const reasonText = z.string().trim().min(3, 'Bitte gib einen Grund an.').max(REASON_MAX_LENGTH);

export const uuidParams = z.object({ id: z.uuid() });
export const textIdParams = z.object({ id: z.string().min(1).max(128) });
export const done = z.object({ ok: z.literal(true) });
