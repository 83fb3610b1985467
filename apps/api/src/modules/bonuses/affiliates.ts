import type { AffiliateRow, CreateAffiliateBody } from '@bw/contracts';
import { affiliatePartners, type Db, partners, queryRows } from '@bw/db';
import { eq, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import { type Actor, writeAudit } from '../../platform/audit.js';
import { partnerLinkBase } from '../partners/partner-url.js';

/** The affiliate's tracked registration URL: the partner's address (or this server's, issue 35). */
const trackedUrl = (config: AppConfig, partner: { webAppUrl: string }, id: string): string =>
  `${partnerLinkBase(config, partner)}/register?affiliatePartnerId=${encodeURIComponent(id)}`;

/** `GET /api/v1/affiliate/id/{id}/url`: the affiliate's tracked registration URL in its partner's app. */
export const affiliateUrl = async (db: Db, config: AppConfig, id: string): Promise<{ url: string }> => {
  const [row] = await db
    .select({ id: affiliatePartners.id, webAppUrl: partners.webAppUrl })
    .from(affiliatePartners)
    .innerJoin(partners, eq(partners.partnerId, affiliatePartners.partnerId))
    .where(eq(affiliatePartners.id, id));
  if (!row) throw new AppError('AFFILIATE_NOT_FOUND');
  return { url: trackedUrl(config, row, row.id) };
};

/** Every affiliate with the registrations, verified investors and settled investments it brought. */
export const affiliateReport = async (db: Db, config: AppConfig): Promise<AffiliateRow[]> => {
  const rows = await queryRows<{
    id: string;
    name: string;
    partner_id: string;
    web_app_url: string;
    registrations: number;
    verified: number;
    investors: number;
    invested_cents: string;
    created_at: Date | string;
  }>(
    db,
    sql`
      SELECT a.id, a.name, a.partner_id, p.web_app_url, a.created_at,
        count(u.id)::int AS registrations,
        count(u.id) FILTER (WHERE u.status IN ('verified', 'active'))::int AS verified,
        count(DISTINCT pp.user_id)::int AS investors,
        coalesce(sum(pp.amount_cents), 0)::text AS invested_cents
      FROM affiliate_partners a
      JOIN partners p ON p.partner_id = a.partner_id
      LEFT JOIN users u ON u.affiliate_partner_id = a.id
      LEFT JOIN primary_purchases pp ON pp.user_id = u.id AND pp.status = 'settled'
      GROUP BY a.id, a.name, a.partner_id, p.web_app_url, a.created_at
      ORDER BY a.created_at DESC`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    partnerId: row.partner_id,
    url: trackedUrl(config, { webAppUrl: row.web_app_url }, row.id),
    registrations: row.registrations,
    verified: row.verified,
    investors: row.investors,
    investedCents: row.invested_cents,
    createdAt: new Date(row.created_at).toISOString(),
  }));
};

export const createAffiliate = (
  db: Db,
  config: AppConfig,
  actor: Actor,
  input: CreateAffiliateBody,
): Promise<AffiliateRow> =>
  db.transaction(async (tx) => {
    const [partner] = await tx.select().from(partners).where(eq(partners.partnerId, input.partnerId));
    if (!partner) throw new AppError('VALIDATION_FAILED', { partnerId: 'Diesen Partner gibt es nicht.' });
    const [created] = await tx.insert(affiliatePartners).values(input).onConflictDoNothing().returning();
    if (!created) throw new AppError('AFFILIATE_ID_TAKEN');
    await writeAudit(tx, actor, {
      action: 'affiliate.create',
      targetType: 'affiliate',
      targetId: created.id,
      after: created,
    });
    return {
      id: created.id,
      name: created.name,
      partnerId: created.partnerId,
      url: trackedUrl(config, partner, created.id),
      registrations: 0,
      verified: 0,
      investors: 0,
      investedCents: '0',
      createdAt: created.createdAt.toISOString(),
    };
  });
