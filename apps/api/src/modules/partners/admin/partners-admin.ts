import type { PartnerAdminView, UpdatePartnerBody } from '@bw/contracts';
import { type Db, partners, queryRows } from '@bw/db';
import { unreadableColorPairs } from '@bw/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import { AppError } from '../../../lib/app-error.js';
import { type Actor, writeAudit } from '../../backoffice/audit.js';
import { findPartnerByAppId, listPartners, toAppConfig } from '../partners.repo.js';

type PartnerRow = typeof partners.$inferSelect;

const toView = (row: PartnerRow, investors: number): PartnerAdminView => {
  const { appId, partnerId, name, colors, appIcon, featureFlags, introSlides, appURL, webAppURL } = toAppConfig(row);
  return {
    ...{ appId, partnerId, name, colors, appIcon, featureFlags, introSlides, appURL, webAppURL },
    imprint: row.imprint,
    supportEmail: row.supportEmail,
    supportPhone: row.supportPhone,
    isDefault: row.isDefault,
    investors,
    updatedAt: row.updatedAt.toISOString(),
  };
};

const investorCounts = async (db: Db): Promise<Map<string, number>> => {
  const rows = await queryRows<{ partner_id: string; count: number }>(
    db,
    sql`SELECT partner_id, count(*)::int AS count FROM users WHERE role = 'user' GROUP BY partner_id`,
  );
  return new Map(rows.map((row) => [row.partner_id, row.count]));
};

/** Every partner (white-label tenant) with its number of investors. */
export const listPartnersForStaff = async (db: Db): Promise<PartnerAdminView[]> => {
  const [rows, counts] = await Promise.all([listPartners(db), investorCounts(db)]);
  return rows.map((row) => toView(row, counts.get(row.partnerId) ?? 0));
};

/**
 * Changes a partner's look, flags, intro slides, imprint and contacts. The investors' app reads its
 * configuration on each start, so the change shows at the next open. Body text colours must be
 * readable (WCAG AA); the web address may belong to one partner only (it finds the partner).
 */
export const updatePartner = (
  db: Db,
  actor: Actor,
  appId: string,
  input: UpdatePartnerBody,
): Promise<PartnerAdminView> =>
  db.transaction(async (tx) => {
    const before = await findPartnerByAppId(tx, appId);
    if (!before) throw new AppError('PARTNER_NOT_FOUND');
    if (unreadableColorPairs(input.colors).length > 0) throw new AppError('PARTNER_COLORS_UNREADABLE');
    const [clash] = await tx
      .select({ appId: partners.appId })
      .from(partners)
      .where(and(eq(partners.webAppUrl, input.webAppURL), ne(partners.appId, appId)));
    if (clash)
      throw new AppError('VALIDATION_FAILED', { webAppURL: 'Diese Adresse gehört schon einem anderen Partner.' });
    const [after] = await tx
      .update(partners)
      .set({
        name: input.name,
        colors: input.colors,
        appIcon: input.appIcon,
        featureFlags: input.featureFlags,
        introSlides: input.introSlides,
        webAppUrl: input.webAppURL,
        imprint: input.imprint,
        supportEmail: input.supportEmail,
        supportPhone: input.supportPhone,
        updatedAt: new Date(),
      })
      .where(eq(partners.appId, appId))
      .returning();
    if (!after) throw new AppError('PARTNER_NOT_FOUND');
    await writeAudit(tx, actor, { action: 'partner.update', targetType: 'partner', targetId: appId, before, after });
    return toView(after, (await investorCounts(tx)).get(after.partnerId) ?? 0);
  });
